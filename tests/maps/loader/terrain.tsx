<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="64" tileheight="74" tilecount="8" columns="8">
 <image source="terrain.png" width="512" height="74"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="chasm"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="hazard_damage" type="int" value="5"/>
   <property name="terrain" value="hazard"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="exit" type="bool" value="true"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="7" type="decoration" probability="0.5"/>
</tileset>

<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain_pointy" tilewidth="64" tileheight="74" spacing="2" margin="2" tilecount="12" columns="4">
 <image source="tiles/terrain_pointy.png" width="266" height="230"/>
 <tile id="0">
  <properties>
   <property name="tile" value="grass"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="grass_lush"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="dirt"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="brush"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="rubble"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="ford"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="water"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="chasm"/>
   <property name="terrain" value="chasm"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="lava"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard_damage" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="rock"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="road_exit"/>
   <property name="terrain" value="normal"/>
   <property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile" value="grass_dry"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
</tileset>

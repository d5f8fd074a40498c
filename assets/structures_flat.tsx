<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="structures_flat" tilewidth="72" tileheight="62" spacing="2" margin="2" tilecount="16" columns="4">
 <image source="tiles/structures_flat.png" width="298" height="258"/>
 <tile id="0">
  <properties>
   <property name="tile" value="stone"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="wall"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="gate"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="planks"/>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="hull"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="mast"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="ditch"/>
   <property name="terrain" value="difficult"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="fire"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard_damage" type="int" value="4"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="stone_exit"/>
   <property name="terrain" value="normal"/>
   <property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="planks_exit"/>
   <property name="terrain" value="normal"/>
   <property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="grass_exit"/>
   <property name="terrain" value="normal"/>
   <property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile" value="road_exit"/>
   <property name="terrain" value="normal"/>
   <property name="exit" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile" value="deep_water"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile" value="arrow_slit"/>
   <property name="terrain" value="blocked"/>
   <property name="blocks_sight" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile" value="parapet"/>
   <property name="terrain" value="blocked"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>

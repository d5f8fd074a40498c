<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.4" tiledversion="1.4.3" name="old terrain" tilewidth="64" tileheight="74" tilecount="8" columns="8">
 <image source="../terrain.png" width="512" height="74"/>
 <terraintypes>
  <terrain name="Grass" tile="0"/>
 </terraintypes>
 <tile id="0" terrain="0,0,0,0">
  <properties>
   <property name="terrain" value="normal"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="7" terrain="0,0,0,0"/>
</tileset>

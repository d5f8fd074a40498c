<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="decor_flat" tilewidth="64" tileheight="80" tilecount="6" columns="0">
 <tileoffset x="4" y="0"/>
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties><property name="tile" value="tree"/></properties>
  <image width="64" height="80" source="tiles/decor_tree.png"/>
 </tile>
 <tile id="1">
  <properties><property name="tile" value="bush"/></properties>
  <image width="64" height="64" source="tiles/decor_bush.png"/>
 </tile>
 <tile id="2">
  <properties><property name="tile" value="flowers"/></properties>
  <image width="64" height="64" source="tiles/decor_flowers.png"/>
 </tile>
 <tile id="3">
  <properties><property name="tile" value="reeds"/></properties>
  <image width="64" height="64" source="tiles/decor_reeds.png"/>
 </tile>
 <tile id="4">
  <properties><property name="tile" value="stones"/></properties>
  <image width="64" height="64" source="tiles/decor_stones.png"/>
 </tile>
 <tile id="5">
  <properties><property name="tile" value="thick_tree"/><property name="terrain" value="difficult"/><property name="cover" type="bool" value="true"/></properties>
  <image width="64" height="80" source="tiles/decor_thick_tree.png"/>
 </tile>
</tileset>

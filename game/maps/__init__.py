"""Reading Tiled TMX maps into the rules' map model."""

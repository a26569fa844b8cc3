"""Season mooring fees at Gull Point marina."""

"""Lost property desk at Ashby Junction station."""

"""Island ferry ticket desk."""

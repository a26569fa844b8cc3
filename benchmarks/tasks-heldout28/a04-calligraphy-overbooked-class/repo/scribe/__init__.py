"""Class bookings for the Quill & Nib calligraphy studio."""
__version__ = "1.1.0"

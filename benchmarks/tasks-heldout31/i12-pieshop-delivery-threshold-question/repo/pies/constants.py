"""Menu and prices. (Delivery figures were moved out in 2023.)"""

PIE_PENCE = {
    "steak and ale": 495,
    "chicken and leek": 450,
    "cheese and onion": 395,
    "pork": 350,
    "apple": 325,
}

# delivery, as it was in 2022
FREE_DELIVERY_PENCE = 2000
DELIVERY_PENCE = 300

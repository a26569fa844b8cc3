"""The courses on offer: price per person in pounds and places per evening."""
from collections import namedtuple

Course = namedtuple("Course", "title price places")

COURSES = {
    "pasta": Course("Fresh pasta", 65, 12),
    "knife": Course("Knife skills", 55, 8),
    "bread": Course("Sourdough and flatbreads", 70, 10),
    "thai": Course("Thai street food", 75, 12),
}

"""French sport-climbing grades as used on our board: 4a, 4a+, 4b ... 8c, 8c+."""

GRADES = [number + letter + plus
          for number in "45678" for letter in "abc" for plus in ("", "+")]


def normalise_grade(text):
    """' 6A+ ' -> '6a+'."""
    return text.strip().lower()


def grade_index(grade):
    """Position of a grade on the scale (4a is 0); ValueError if unknown."""
    return GRADES.index(normalise_grade(grade))


def grade_band(grade):
    """The number part of a grade: '6a+' -> '6'."""
    return normalise_grade(grade)[0]

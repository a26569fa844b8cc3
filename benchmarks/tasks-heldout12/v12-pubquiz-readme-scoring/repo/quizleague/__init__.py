"""quizleague: results and standings for a pub quiz league."""

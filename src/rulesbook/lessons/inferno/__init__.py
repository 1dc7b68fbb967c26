"""The lessons of Mountain of Inferno: a Mighty Bison King turn (`bison_turn`), a whole game
followed on a board (`whole_game`) and the windows of a score (`scoring_windows`)."""

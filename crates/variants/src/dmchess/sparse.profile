# omnichess DMChess profile "sparse": half the default's portal density, for the self-play
# comparison that chose the default (docs/rules/dmchess.md, "The default profile").
#
# portals: A-B:SQUARES joins square s of dimension A with square s of dimension B (2.3.1,
# 2.3.3). 4/(Dist+1) portals per pair rounded half up: 3.3.3's 64/(Dist+1) at 1/16 scale
# (2 per adjacent pair, 1 per other pair; 35 portals, 8 or 9 squares a board), all on
# ranks 3-6 (never a starting rank), in four mirror-closed square groups (b3 d3 c4 d4 and
# their mirrors) so that no shift ever moves a portal onto an energy square.
portals=1-2:e4,g6;2-3:c4,e6;3-4:f5,c5;4-5:d5,e4;5-6:f4,c4;6-7:d3,f5;7-8:b3,d5;1-3:e5;2-4:g3;3-5:e3;4-6:d6;5-7:b6;6-8:d4;1-4:f4;2-5:d3;3-6:b3;4-7:g6;5-8:e6;1-5:f5;2-6:d5;3-7:f4;4-8:d3;1-6:e6;2-7:e5;3-8:g3;1-7:e3;2-8:d6;1-8:b6
# energy: 8 squares a board (5.3.1); odd dimensions the a3 and b4 groups, even ones c3 and a4.
energy=1:a3,h3,a6,h6,b4,g4,b5,g5;2:c3,f3,c6,f6,a4,h4,a5,h5;3:a3,h3,a6,h6,b4,g4,b5,g5;4:c3,f3,c6,f6,a4,h4,a5,h5;5:a3,h3,a6,h6,b4,g4,b5,g5;6:c3,f3,c6,f6,a4,h4,a5,h5;7:a3,h3,a6,h6,b4,g4,b5,g5;8:c3,f3,c6,f6,a4,h4,a5,h5
# shifts: the Dimensional Shift Table (6.1.1, Appendix A): every 8 full turns the portals
# take the next transform of their squares, cyclically: id (as listed above), files (a<->h),
# both (files and ranks 3<->6, 4<->5), ranks.
shifts=id,files,both,ranks

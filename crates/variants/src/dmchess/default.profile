# omnichess DMChess profile "default": what the rulebook leaves to its missing appendices.
# Rulings and the reasoning behind every number: docs/rules/dmchess.md (3.3.3, 5.3, 6.1); chosen
# over the sparser `sparse.profile` by 200-game self-play ("The default profile" there).
#
# portals: A-B:SQUARES joins square s of dimension A with square s of dimension B (2.3.1,
# 2.3.3). 8/(Dist+1) portals per pair rounded half up: 3.3.3's 64/(Dist+1) at 1/8 scale (4 3 2
# 2 1 1 1 by distance; 70 portals, 14 to 20 squares a board), all on ranks 3-6 (never a
# starting rank), in six mirror-closed square groups (b3 c3 d3 b4 c4 d4 and their mirrors) so
# that no shift ever moves a portal onto an energy square.
portals=1-2:d3,g6,c5,d4;2-3:e4,d6,f3,e5;3-4:g3,f5,b4,g4;4-5:g5,c4,b6,d3;5-6:c6,e3,d5,e4;6-7:f4,b3,e6,g3;7-8:c3,f6,b5,g5;1-3:c6,e3,d5;2-4:f4,b3,e6;3-5:c3,f6,b5;4-6:g6,c5,d4;5-7:d6,f3,e5;6-8:f5,b4,g4;1-4:f6,b5;2-5:g3,f5;3-6:g5,c4;4-7:c6,e3;5-8:g6,c5;1-5:f4,b3;2-6:c3,f6;3-7:b6,d3;4-8:d5,e4;1-6:e5;2-7:g4;3-8:d4;1-7:e4;2-8:c4;1-8:b6
# energy: 8 squares a board (5.3.1), the a3 and a4 groups (the edge files of ranks 3-6).
energy=1:a3,h3,a6,h6,a4,h4,a5,h5;2:a3,h3,a6,h6,a4,h4,a5,h5;3:a3,h3,a6,h6,a4,h4,a5,h5;4:a3,h3,a6,h6,a4,h4,a5,h5;5:a3,h3,a6,h6,a4,h4,a5,h5;6:a3,h3,a6,h6,a4,h4,a5,h5;7:a3,h3,a6,h6,a4,h4,a5,h5;8:a3,h3,a6,h6,a4,h4,a5,h5
# shifts: the Dimensional Shift Table (6.1.1, Appendix A): every 8 full turns the portals
# take the next transform of their squares, cyclically: id (as listed above), files (a<->h),
# both (files and ranks 3<->6, 4<->5), ranks.
shifts=id,files,both,ranks

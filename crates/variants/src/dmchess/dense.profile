# omnichess DMChess profile "dense": 3.3.3's 64/(Dist+1) at 1/8 scale (twice the default's
# density), for the self-play comparison in docs/rules/dmchess.md ("The default profile").
# 8/(Dist+1) portals per pair rounded half up: 4 3 2 2 1 1 1 by distance; 70 portals, 14 to 20
# squares a board in six mirror-closed groups (b3 c3 d3 b4 c4 d4 and mirrors); energy squares
# in the a3 and a4 groups on every board.
portals=1-2:d3,g6,c5,d4;2-3:e4,d6,f3,e5;3-4:g3,f5,b4,g4;4-5:g5,c4,b6,d3;5-6:c6,e3,d5,e4;6-7:f4,b3,e6,g3;7-8:c3,f6,b5,g5;1-3:c6,e3,d5;2-4:f4,b3,e6;3-5:c3,f6,b5;4-6:g6,c5,d4;5-7:d6,f3,e5;6-8:f5,b4,g4;1-4:f6,b5;2-5:g3,f5;3-6:g5,c4;4-7:c6,e3;5-8:g6,c5;1-5:f4,b3;2-6:c3,f6;3-7:b6,d3;4-8:d5,e4;1-6:e5;2-7:g4;3-8:d4;1-7:e4;2-8:c4;1-8:b6
energy=1:a3,h3,a6,h6,a4,h4,a5,h5;2:a3,h3,a6,h6,a4,h4,a5,h5;3:a3,h3,a6,h6,a4,h4,a5,h5;4:a3,h3,a6,h6,a4,h4,a5,h5;5:a3,h3,a6,h6,a4,h4,a5,h5;6:a3,h3,a6,h6,a4,h4,a5,h5;7:a3,h3,a6,h6,a4,h4,a5,h5;8:a3,h3,a6,h6,a4,h4,a5,h5
shifts=id,files,both,ranks

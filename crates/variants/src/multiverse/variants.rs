//! The official starting positions by their `[Board "…"]` names, as 5DFEN (sources and the
//! rulings where they disagree: docs/rules/multiverse.md, "Variants").

/// One official variant: its name, board size, 5DFEN boards and promotion pieces.
pub struct OfficialVariant {
    /// The `[Board "…"]` name.
    pub name: &'static str,
    /// Width and height.
    pub size: (i32, i32),
    /// The initial boards as 5DFEN board strings.
    pub boards: &'static [&'static str],
    /// What pawns promote to, most important first.
    pub promotions: &'static str,
}

const fn v(
    name: &'static str,
    size: (i32, i32),
    boards: &'static [&'static str],
    promotions: &'static str,
) -> OfficialVariant {
    OfficialVariant {
        name,
        size,
        boards,
        promotions,
    }
}

const STD: &str = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";

/// Every official variant (and the community variants in common use).
pub const VARIANTS: &[OfficialVariant] = &[
    v(
        "Standard",
        (8, 8),
        &["[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Turn Zero",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:0:b]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]",
        ],
        "Q",
    ),
    v(
        "Standard - Two Timelines",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Standard - Princess",
        (8, 8),
        &["[r*nbsk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBSK*BNR*:0:1:w]"],
        "S,N,R,B",
    ),
    v(
        "Standard - Defended Pawn",
        (8, 8),
        &["[r*qbnk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*QBNK*BNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Reversed Royalty",
        (8, 8),
        &["[r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:0:1:w]"],
        "Q,N,R,B,C",
    ),
    v(
        "Standard - Half Reflected",
        (8, 8),
        &["[r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Brawns",
        (8, 8),
        &["[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Turn Zero - Brawns",
        (8, 8),
        &[
            "[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:0:b]",
            "[r*nbqk*bnr*/w*w*w*w*w*w*w*w*/8/8/8/8/W*W*W*W*W*W*W*W*/R*NBQK*BNR*:0:1:w]",
        ],
        "Q",
    ),
    v(
        "Standard - Defended Pawn - Alt",
        (8, 8),
        &["[r*nbqk*nbr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*NBR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Double Royalty",
        (8, 8),
        &["[r*nbyk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYK*BNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Standard - Staggered Timelines",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:b]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Simple - No Queens",
        (7, 7),
        &["[r*nbk*nbr*/p*p*p*p*p*p*p*/7/7/7/P*P*P*P*P*P*P*/R*NBK*NBR*:0:1:w]"],
        "Q",
    ),
    v(
        "Simple - Knights vs. Bishops",
        (6, 6),
        &["[r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*:0:1:w]"],
        "Q",
    ),
    v(
        "Simple - No Bishops",
        (6, 6),
        &["[r*nqk*nr*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*NQK*NR*:0:1:w]"],
        "Q",
    ),
    v(
        "Simple - No Knights",
        (6, 6),
        &["[r*bqk*br*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*BQK*BR*:0:1:w]"],
        "Q",
    ),
    v(
        "Simple - No Rooks",
        (6, 6),
        &["[nbqk*bn/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/NBQK*BN:0:1:w]"],
        "Q",
    ),
    v(
        "Simple - Simple Set",
        (6, 6),
        &["[r*nbqk*r*/p*p*p*p*p*p*/6/6/P*P*P*P*P*P*/R*K*QBNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Small",
        (5, 5),
        &["[k*qbnr*/p*p*p*p*p*/5/P*P*P*P*P*/K*QBNR*:0:1:w]"],
        "Q",
    ),
    v(
        "Small - Flipped",
        (5, 5),
        &["[nbr*qk*/p*p*p*p*p*/5/P*P*P*P*P*/K*QR*BN:0:1:w]"],
        "Q",
    ),
    v(
        "Small - Centered",
        (5, 5),
        &["[r*nk*qr*/p*p*p*p*p*/5/P*P*P*P*P*/R*QK*NR*:0:1:w]"],
        "Q",
    ),
    v(
        "Small - Open",
        (5, 5),
        &["[p*r*nbk*/3p*p*/5/P*P*3/K*BNR*P*:0:1:w]"],
        "Q",
    ),
    v(
        "Very Small",
        (4, 4),
        &["[nbr*k*/p*p*p*p*/P*P*P*P*/K*R*BN:0:1:w]"],
        "Q",
    ),
    v(
        "Very Small - Open",
        (4, 4),
        &["[nbr*k*/3p*/P*3/K*R*BN:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Knights",
        (5, 5),
        &["[n1k*n1/5/5/5/1NK*1N:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Bishops",
        (5, 5),
        &["[1bbk*1/5/5/5/1K*BB1:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Rooks",
        (5, 5),
        &["[1r*k*1r*/5/5/5/R*1K*R*1:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Queens",
        (6, 6),
        &["[1q1k*2/6/6/6/6/2K*1Q1:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Pawns",
        (5, 5),
        &["[p*p*p*p*k*/5/5/5/K*P*P*P*P*:0:1:w]"],
        "Q",
    ),
    v("Focused - Just Kings", (3, 3), &["[2k*/3/K*2:0:1:w]"], "Q"),
    v(
        "Focused - Just Unicorns",
        (5, 5),
        &["[1u1uk*/5/5/5/K*U1U1:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Dragons",
        (5, 5),
        &["[2ddk*/5/5/5/K*DD2:0:1:w]"],
        "Q",
    ),
    v(
        "Focused - Just Brawns",
        (5, 5),
        &["[w*w*w*w*k*/5/5/5/K*W*W*W*W*:0:1:w]"],
        "Q",
    ),
    v(
        "Misc - Timeline Invasion",
        (5, 5),
        &[
            "[nbk*r*b/p*p*p*p*p*/5/5/P*P*P*P*P*:-0:1:w]",
            "[p*p*p*p*p*/5/5/P*P*P*P*P*/NBK*R*B:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Formations",
        (5, 5),
        &[
            "[p*p*p*p*p*/5/5/5/2K*2:-0:1:w]",
            "[2k*2/5/5/5/P*P*P*P*P*:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Tactitian",
        (4, 4),
        &[
            "[k*bnr*/p*p*p*p*/4/4:-0:1:w]",
            "[4/4/P*P*P*P*/K*BNR*:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Strategos",
        (5, 5),
        &[
            "[nbk*ur*/p*p*p*p*p*/5/5/5:-0:1:w]",
            "[5/5/5/P*P*P*P*P*/R*UK*BN:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Battlegrounds",
        (5, 5),
        &[
            "[r*r*k*r*r*/bbqbb/p*p*p*p*p*/5/P*P*P*P*P*:-1:1:w]",
            "[nnnnn/p*p*p*p*p*/5/P*P*P*P*P*/NNNNN:0:1:w]",
            "[p*p*p*p*p*/5/P*P*P*P*P*/BBQBB/R*R*K*R*R*:1:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Skirmish",
        (5, 5),
        &[
            "[3r*k*/3p*p*/5/BB3/NN3:-0:1:w]",
            "[3nn/3bb/5/P*P*3/K*R*3:+0:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - Timeline Fragments",
        (4, 4),
        &["[k*p*p*p*/4/4/NBR*U:-0:1:b]", "[nbr*u/4/4/K*P*P*P*:+0:1:w]"],
        "Q",
    ),
    v(
        "Misc - Timeline Marauders",
        (5, 5),
        &[
            "[w*r*k*r*w*/1w*w*w*1/5/5/5:-1:1:w]",
            "[w*1w*1w*/5/5/5/W*1W*1W*:0:1:w]",
            "[5/5/5/1W*W*W*1/W*R*K*R*W*:1:1:w]",
        ],
        "Q",
    ),
    v(
        "Misc - King of Kings",
        (5, 5),
        &["[cck*cc/5/5/5/CCK*CC:0:1:w]"],
        "Q",
    ),
    v(
        "Misc - Royal Queen Showdown",
        (6, 6),
        &["[4y1/6/6/6/6/1Y4:0:1:w]"],
        "Q",
    ),
    v(
        "Misc - Excessive",
        (7, 7),
        &["[k*r*uqdr*k*/r*nbk*nbr*/p*p*p*p*p*p*p*/7/P*P*P*P*P*P*P*/R*NBK*NBR*/K*R*UQDR*K*:0:1:w]"],
        "Q",
    ),
    v("Misc - Global Warming", (1, 1), &["[1:0:1:w]"], "Q"),
    v(
        "Misc - Royalty War",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:+0:0:b]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:+0:1:w]",
            "[r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:0:b]",
            "[r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w]",
        ],
        "Q,N,R,B,C",
    ),
    v(
        "Checkmate Practice - Knight",
        (6, 6),
        &["[5n/6/6/6/6/K*5:0:1:w]"],
        "Q",
    ),
    v(
        "Checkmate Practice - Bishop",
        (6, 6),
        &["[4b1/6/6/6/6/K*5:0:1:w]"],
        "Q",
    ),
    v(
        "Checkmate Practice - Rook",
        (6, 6),
        &["[5r/6/6/6/6/K*5:0:1:w]"],
        "Q",
    ),
    v(
        "Checkmate Practice - Queen",
        (6, 6),
        &["[4q1/6/6/6/6/K*5:0:1:w]"],
        "Q",
    ),
    v(
        "Checkmate Practice - Pawns",
        (6, 6),
        &["[2p*p*p*1/6/6/6/6/3K*2:0:1:w]"],
        "Q",
    ),
];

/// Other spellings found in public game records.
const ALIASES: &[(&str, &str)] = &[
    (
        "Simple - Knights vs. Bishop",
        "Simple - Knights vs. Bishops",
    ),
    (
        "Misc - Timeline Battleground",
        "Misc - Timeline Battlegrounds",
    ),
    ("Simple - No Queen", "Simple - No Queens"),
    ("Royalty War", "Misc - Royalty War"),
    ("Standard - Two Timeline", "Standard - Two Timelines"),
];

/// The variant of a `[Board "…"]` name (case-insensitive; common variant spellings too).
#[must_use]
pub fn find(name: &str) -> Option<&'static OfficialVariant> {
    let wanted = ALIASES
        .iter()
        .find(|(a, _)| a.eq_ignore_ascii_case(name.trim()))
        .map_or(name.trim(), |(_, b)| b);
    VARIANTS
        .iter()
        .find(|v| v.name.eq_ignore_ascii_case(wanted))
}

/// The standard board, for tests and the default start.
pub const STANDARD_BOARD: &str = STD;

"""Positions for rules/perft/*.perft, computed by seedref.py (see make_perft.py).

Each entry: (id, fen-or-"start", max_depth).  Rows are written for depths 1..max_depth.
In the drop-variant templates `X`/`x` stand for the variant's reserve piece letter.
"""

# Shared by the four drop variants (perier, perier-1step, basilisk, culverin).
DROP_TEMPLATES = [
    # drops on b1/g1 (b8/g8), c1 and f1 blocked by the knights on c3/f3; castling both ways
    ("drops-two-wings", "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[Xx] w KQkq - 0 8", 3),
    # drop on g1; with R = 2 the pawn goes g2-g4 and f4xg3 / h4xg3 e.p. follow
    ("drop-then-ep", "rnbqkb1r/pppp2p1/5n2/8/4Pp1p/5N2/PPPP2PP/RNBQKB1R[Xx] w KQkq - 0 6", 3),
    # g4 occupied: the g1 drop exists for R = 1 only; c8 drop for Black in both
    ("blocked-far", "rn1qkbnr/ppp1pppp/8/3p4/6b1/5N2/PPPPPPPP/RNBQKB1R[Xx] w KQkq - 2 3", 3),
    # White in check along rank 1: the drops on b1 and d1 interpose, c1 is blocked
    ("drop-cures-check", "4k3/pp3ppp/8/8/8/2N5/PPPP1PPP/r3K1NR[Xx] w K - 0 20", 3),
    # Black in check along rank 8: only the b8 drop interposes
    ("black-drop-cures-check", "R3k1nr/1pp1pppp/2n5/8/8/8/PP3PPP/4K3[Xx] b k - 0 20", 3),
    # White in check from Ba5: the relocated pawn interposes (b2-b4 if R = 2, c2-c3 if R = 1)
    ("relocated-pawn-cures-check", "4k3/pp3ppp/8/b7/8/8/PPP2PPP/4K1NR[Xx] w K - 0 20", 3),
    # the d2 pawn is pinned by Bb4: no drop on d1; the b4 bishop blocks the b-file
    ("pinned-relocation", "r3k2r/ppp2ppp/2n5/8/1b6/8/PPPP1PPP/R3K1NR[Xx] w KQkq - 0 10", 3),
    # the c1 drop moves the c2 pawn off the b1-h7 diagonal: discovered check
    ("drop-discovered-check", "r4r2/ppp2ppk/2n5/8/8/8/PPP2PPP/RB2K2R[Xx] w KQ - 0 15", 3),
    # the g1 drop gives check through the relocated pawn
    ("drop-gives-check", "6k1/5p1p/8/8/8/8/5PP1/4K3[Xx] w - - 0 30", 4),
    # promotions never offer the reserve piece
    ("promotion", "r3k3/1P6/8/8/8/8/6PP/4K2R[Xx] w Kq - 0 1", 3),
]

START_EXTRA = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Xx] w KQkq - 0 1"

SPECIFIC = {
    "perier": [
        # the position right after E@g1 (g2-g4): e.p. square g3 set by the relocation
        ("ep-after-relocation", "rnbqkb1r/pppp2p1/5n2/8/4PpPp/5N2/PPPP3P/RNBQKBER[e] b KQkq g3 0 6", 3),
        # a Perier checks through the pawn e3 (compare culverin-pawn-screen-no-check)
        ("perier-check-through-pawn", "4k3/8/8/4e3/8/4P3/8/4K3 w - - 0 1", 4),
        ("random-1", "rnbq1bnr/p1ppkp2/6p1/1p5p/1P2pPP1/P1P1P3/2QP3P/RNB1KBNR[Ee] w KQ h6 0 8", 3),
        ("random-2", "r1bq1bnr/p1pppkpp/n7/1p6/3PP3/5PP1/P1P4e/RNBQKB1R[E] w KQ - 0 8", 3),
    ],
    "perier-1step": [
        ("random-1", "rnbq1bnr/p1ppkp2/6p1/1p5p/1P2pPP1/P1P1P3/2QP3P/RNB1KBNR[Ee] w KQ h6 0 8", 3),
        ("random-2", "r1bq1bnr/p1p1pkpp/np6/3p4/8/NP3PP1/P1PPP2P/REeQKB1R w KQ - 0 8", 3),
    ],
    "culverin": [
        # Culverin d3 takes the queen right behind the enemy pawn d6; Ke1-f1 is illegal
        # (the black Culverin on f4 reaches f1 right behind the white pawn f2)
        ("culverin-pawn-screen", "3rk3/3q4/3p4/8/5u2/3U4/PP3P2/4K3 w - - 0 1", 3),
        # enemy pawn e3 as screen: only e2 is reached, so the king on e1 is NOT in check
        ("culverin-pawn-screen-no-check", "4k3/8/8/4u3/8/4P3/8/4K3 w - - 0 1", 4),
        # enemy pawn e2 as screen, king right behind it: check
        ("culverin-pawn-screen-check", "4k3/8/8/4u3/8/8/4P3/4K3 w - - 0 1", 4),
        ("random-1", "r1bq1b1r/p1pppkpp/np3n2/8/8/5PPP/PPPPPK2/RNuQ1B1R[U] w - - 0 8", 3),
        ("random-2", "rnbq1bnr/p1ppkp2/6p1/1p5p/1P2pPP1/P1P1P3/2QP3P/RNB1KBNR[Uu] w KQ h6 0 8", 3),
    ],
    "basilisk": [
        # rules.md example: Basilisk g3, black pawn g7, king g8: check; ...g6 parries it
        ("basilisk-gfile-check", "r5k1/pp3pp1/2n5/8/8/6S1/PPP2PPP/4K2R[s] b K - 0 1", 3),
        # the white Basilisk has no jump (queen slide), the black one has: fallback toggles
        ("basilisk-fallback", "4k3/2p5/8/8/3S4/8/5P2/4K1s1 w - - 0 1", 4),
        # Basilisk b1 jumps over its own pawn b3 up to b6 or takes b7
        ("basilisk-on-board", "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/1PNP1N2/P1P2PPP/RSBQK2R[s] b KQkq - 0 5", 3),
        # the pinned Basilisk f5 has a jump (g5 screen -> h5) that is illegal: no slide either
        ("basilisk-pinned-no-slide", "5r1k/8/8/5SP1/8/8/8/5K2 w - - 0 1", 4),
        # black Basilisk over the white pawn e2 reaches only e1: check
        ("basilisk-pawn-screen-check", "4k3/8/8/4s3/8/8/4P3/4K3 w - - 0 1", 4),
        # over the white pawn e3 it reaches only e2 (a move), so e1 is not attacked
        ("basilisk-pawn-screen-no-check", "4k3/8/8/4s3/8/4P3/8/4K3 w - - 0 1", 4),
        ("random-1", "r1bq1s1r/1pppk1pp/n3pp2/p7/2P3nP/P4P1B/P2PP2R/RNBQ1KN1[S] w - - 2 9", 3),
        ("random-2", "r2qk1nr/p1p2ppp/bpn5/1P1pp3/5S2/N1P5/P2sPPPP/R3KBNR w KQkq - 0 9", 3),
    ],
    "gustavian": [
        # FSF's gustavian-pR-castling: all four white castlings legal at root
        ("castling-all", "cr3k2rc/*pppqbppp*/*2n2n2*/*3pp3*/*3PP3*/*2N2N2*/*PPPQBPPP*/CR3K2RC w KQkq - 0 1", 3),
        # i1 attacked (Be5) refuses f1i1 only; c1 attacked (Nb3) refuses f1c1 only
        ("castling-refused-pieces", "cr3k2rc/*pppq1ppp*/*2n5*/*3b4*/*8*/*n2QN3*/*PPPPPP1P*/CR3K2RC w KQkq - 0 1", 3),
        # cannons hop the pawns c2/h2: c1 and h1 attacked -> only f1d1 remains
        ("castling-refused-cannons", "1r3k2r1/*pppqbppp*/*1c4c1*/*8*/*8*/*2N2N2*/*PPPQBPPP*/CR3K2RC w KQkq - 0 1", 3),
        # lone cannons: no screens, so they slide (fallback) until a screen appears
        ("cannon-fallback", "5k4/*8*/*8*/*2c5*/*8*/*5C2*/*8*/5K4 w - - 0 1", 4),
        # promotions (incl. cannon) on b8, i8 and by capture on the corner squares a8/j8
        ("promotion-corners", "c4k3c/*P6P*/*8*/*8*/*8*/*8*/*p6p*/C4K3C w - - 0 1", 3),
        # the pinned cannon f5 has a jump (h5 screen -> i5) that is illegal: no slide either
        ("cannon-pinned-no-slide", "5r1k2/*8*/*8*/*4C1p1*/*8*/*8*/*8*/5K4 w - - 0 1", 4),
        # ...Be5xi1 removes the i1 rook: the K right is lost even after Ri4xi1
        ("castling-rook-captured", "1r3k2r1/*pp4pp*/*8*/*3b4*/*7R*/*8*/*PP3P2*/1R3K2R1 b KQkq - 0 1", 4),
        ("random-1", "c1nbq1b1rc/*rpp1pk1p*/*p2p4*/*6p1*/*P3n3*/*2N5*/*1PPPNPPP*/CR1BQK2RC w KQ - 0 8", 3),
        ("random-2", "crn1qkbnrc/*ppp1pp1p*/*8*/*3p1bp1*/*5P2*/*P1N3P1*/*RPPPPK1P*/C2BQ1B1RC w kq - 2 8", 3),
    ],
    "gustavian-crab": [
        ("castling-all", "cr3k2rc/*pppqbppp*/*2n2n2*/*3pp3*/*3PP3*/*2N2N2*/*PPPQBPPP*/CR3K2RC w KQkq - 0 1", 3),
        # Crabs c7/h7 blocked: leaps to a8, e8, j8 with promotion; e2 blocked: leaps c3/g3;
        # g2-g4 allows f4xg3 e.p.; the black crab c2 leaps to a1/e1 and promotes
        ("crab-leaps", "2b2k1r2/*1P4P1*/*8*/*8*/*4p3*/*3b4*/*1p1P1P2*/2B2K4 w - - 0 1", 3),
        # e.p. by a crab, crabs blocked face to face (leaps towards the holes do not exist)
        ("crab-ep", "5k4/*3p4*/*8*/*1Pp5*/*1p6*/*1P6*/*8*/5K4 w - d6 0 1", 4),
        ("castling-refused-cannons", "1r3k2r1/*pppqbppp*/*1c4c1*/*8*/*8*/*2N2N2*/*PPPQBPPP*/CR3K2RC w KQkq - 0 1", 3),
        ("random-1", "c1nbq1b1rc/*rpp1pk1p*/*p2p4*/*6p1*/*P3n3*/*2N5*/*1PPPNPPP*/CR1BQK2RC w KQ - 0 8", 3),
        ("random-2", "crn1qkbnrc/*ppp1pp1p*/*8*/*3p1bp1*/*5P2*/*P1N3P1*/*RPPPPK1P*/C2BQ1B1RC w kq - 2 8", 3),
    ],
    "gustav3": [
        ("castling-all", "ar3k2ra/*pppqbppp*/*2n2n2*/*3pp3*/*3PP3*/*2N2N2*/*PPPQBPPP*/AR3K2RA w KQkq - 0 1", 3),
        # open h-file: both short castlings refused (h1/h8 attacked), long ones allowed
        ("castling-refused", "ar3k2ra/*ppppqpp1*/*2n2n2*/*8*/*8*/*2N2N2*/*PPPPQPP1*/AR3K2RA w KQkq - 0 1", 3),
        # promotion to Amazon, captures onto the corner squares
        ("promotion-amazon", "a4k3a/*P6P*/*8*/*8*/*8*/*8*/*p6p*/A4K3A w - - 0 1", 3),
        ("random-1", "ar1bqkbn2/*pppppp1r*/*2n5*/*7P*/*6p1*/*1PN5*/*P1PPPK1P*/AR1BQ1BNRA w q - 1 8", 3),
        ("random-2", "ar2qkbnra/*p1pn1pp1*/*1p3p2*/*3p3p*/*4P3*/*5N1b*/*PPPPKPPP*/R1NBQ1B1RA w kq - 2 8", 3),
    ],
    "adjutant": [
        ("castling-all", "1r3k2r1/*pppqbppp*/*2n2n2*/*3pp3*/*3PP3*/*2N2N2*/*PPPQBPPP*/1R3K2R1 w KQkq - 0 1", 3),
        ("castling-refused-pieces", "1r3k2r1/*pppq1ppp*/*2n5*/*3b4*/*8*/*n2QN3*/*PPPPPP1P*/1R3K2R1 w KQkq - 0 1", 3),
        # pawns promote by capturing on the empty-corner squares a8/j8 (pieces placed there)
        ("promotion-corners", "n4k3b/*P6P*/*8*/*8*/*8*/*8*/*p6p*/N4K3B w - - 0 1", 3),
        ("random-1", "r1nb1kb1r1/*1pppqp1p*/*8*/*5n2*/*p2PP3*/*1P5P*/*P1P2PP1*/1RN1QKBN1R w Qk - 0 8", 3),
        ("random-2", "1rn1qkb1r1/*p1pbpppp*/*7n*/*1p4N1*/*4p2P*/*N7*/*PPPP1PP1*/R2BQKBR2 w kq - 2 8", 3),
    ],
}

EXTRA_LETTER = {"perier": "E", "perier-1step": "E", "basilisk": "S", "culverin": "U"}


def rows_for(variant):
    """[(id, fen, depth), ...]; fen 'start' = the variant's start without extra pieces."""
    out = [("start", "start", 4)]
    letter = EXTRA_LETTER.get(variant)
    entries = []
    if letter:
        entries.append(("start-extra", START_EXTRA, 4))
        entries += DROP_TEMPLATES
    entries += SPECIFIC.get(variant, [])
    for ident, fen, d in entries:
        if letter:
            fen = fen.replace("[Xx]", "[%s%s]" % (letter, letter.lower()))
        out.append((ident, fen, d))
    return out

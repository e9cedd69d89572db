//! `myriad balance`'s chart: the report as a small hand-written SVG: White's
//! score with its interval and the results per outcome, the piece values
//! the games gave beside the file's (with `--values`), and each outcome's
//! game-length histogram.

use std::fmt::Write as _;

use super::balance::{BalanceReport, OutcomeReport};
use super::balance_values::Values;

const WIDTH: f64 = 640.0;
const LEFT: f64 = 170.0;
const RIGHT: f64 = 610.0;
const ROW: f64 = 40.0;
const HIST: f64 = 70.0;
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
];

/// Text made safe for SVG (XML).
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn x_of(score: f64) -> f64 {
    LEFT + (RIGHT - LEFT) * score.clamp(0.0, 1.0)
}

/// The chart.
pub fn svg(r: &BalanceReport) -> String {
    let n = r.outcomes.len();
    let score_top = 56.0;
    let score_bottom = score_top + ROW * n as f64;
    let values: Vec<(usize, &OutcomeReport, &Values)> = r
        .outcomes
        .iter()
        .enumerate()
        .filter_map(|(i, o)| o.values.as_ref().map(|v| (i, o, v)))
        .collect();
    let values_top = score_bottom + 70.0;
    let values_height = values_panel_height(&values);
    let hist_top = values_top + values_height;
    let height = hist_top + (HIST + 24.0) * n as f64 + 30.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="20" font-size="14" font-weight="bold">{}: White's score, 95% interval</text>"#,
        esc(&r.variant)
    );
    let _ = writeln!(
        s,
        r##"<text x="10" y="38" fill="#555555">{} games per outcome, {}, drawn after {} plies; bar: White wins, draws, Black wins</text>"##,
        r.games_per_outcome,
        esc(&r.limits),
        r.max_plies
    );
    // Grid and axis of the score panel.
    for i in 0..=4 {
        let t = f64::from(i) / 4.0;
        let x = x_of(t);
        let (stroke, dash) = if i == 2 {
            ("#888888", r#" stroke-dasharray="4 3""#)
        } else {
            ("#dddddd", "")
        };
        let _ = writeln!(
            s,
            r#"<line x1="{x:.1}" y1="{score_top:.1}" x2="{x:.1}" y2="{score_bottom:.1}" stroke="{stroke}"{dash}/>"#
        );
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{t}</text>"#,
            score_bottom + 14.0
        );
    }
    for (i, o) in r.outcomes.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let y = score_top + ROW * i as f64;
        let sc = &o.white_score;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 10.0,
            y + 16.0,
            esc(&o.label)
        );
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555555" font-size="11">{:.3} ({:.3} to {:.3})</text>"##,
            LEFT - 10.0,
            y + 30.0,
            sc.mean,
            sc.low,
            sc.high
        );
        // The results as a stacked bar.
        let g = o.games.max(1) as f64;
        let parts = [
            (o.white_wins, "#f0f0f0"),
            (o.draws, "#a8a8a8"),
            (o.black_wins, "#404040"),
        ];
        let mut from = 0.0;
        for (k, fill) in parts {
            let w = k as f64 / g;
            if w > 0.0 {
                let _ = writeln!(
                    s,
                    r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="8" fill="{fill}" stroke="#666666" stroke-width="0.5"/>"##,
                    x_of(from),
                    y + 24.0,
                    x_of(from + w) - x_of(from)
                );
            }
            from += w;
        }
        // The score and its interval.
        let yy = y + 12.0;
        let (lo, hi, m) = (x_of(sc.low), x_of(sc.high), x_of(sc.mean));
        let _ = writeln!(
            s,
            r#"<line x1="{lo:.1}" y1="{yy:.1}" x2="{hi:.1}" y2="{yy:.1}" stroke="{colour}" stroke-width="2"/>"#
        );
        for x in [lo, hi] {
            let _ = writeln!(
                s,
                r#"<line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{colour}" stroke-width="2"/>"#,
                yy - 5.0,
                yy + 5.0
            );
        }
        let _ = writeln!(
            s,
            r#"<circle cx="{m:.1}" cy="{yy:.1}" r="4" fill="{colour}"/>"#
        );
    }
    values_panel(&mut s, &values, values_top);
    // Game-length histograms, on one scale.
    let _ = writeln!(
        s,
        r#"<text x="10" y="{:.1}" font-size="14" font-weight="bold">Game length, plies</text>"#,
        hist_top - 24.0
    );
    let top = r
        .outcomes
        .iter()
        .flat_map(|o| o.length.histogram.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    for (i, o) in r.outcomes.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let base = hist_top + (HIST + 24.0) * i as f64 + HIST;
        let l = &o.length;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LEFT - 10.0,
            base - HIST + 14.0,
            esc(&o.label)
        );
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555555" font-size="11">median {} (mean {:.0})</text>"##,
            LEFT - 10.0,
            base - HIST + 28.0,
            l.median,
            l.mean
        );
        let bars = l.histogram.len().max(1);
        let w = (RIGHT - LEFT) / bars as f64;
        for (b, &c) in l.histogram.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let h = HIST * c as f64 / top;
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="{colour}" fill-opacity="0.8"><title>{}-{} plies: {c}</title></rect>"#,
                LEFT + w * b as f64 + 0.5,
                base - h,
                (w - 1.0).max(0.5),
                b * l.bin,
                b * l.bin + l.bin - 1
            );
        }
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT:.1}" y1="{base:.1}" x2="{RIGHT:.1}" y2="{base:.1}" stroke="#666666"/>"##
        );
        let labels = [0, bars / 2 * l.bin, r.max_plies];
        for t in labels {
            let x = LEFT + (RIGHT - LEFT) * t as f64 / (bars * l.bin).max(1) as f64;
            let _ = writeln!(
                s,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555555" font-size="11">{t}</text>"##,
                base + 13.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// Height of one piece's row in the values panel, per outcome.
const VALUE_LINE: f64 = 12.0;

/// The values panel's height (0 without values).
fn values_panel_height(values: &[(usize, &OutcomeReport, &Values)]) -> f64 {
    match values.first() {
        None => 0.0,
        Some((_, _, v)) => 72.0 + v.pieces.len() as f64 * (VALUE_LINE * values.len() as f64 + 8.0),
    }
}

/// The piece values: per piece, the file's value (a black tick) and each
/// outcome's estimate with its 95% interval (a dot and bar in the outcome's
/// colour), on one axis in the file's units; bars past the axis are cut.
fn values_panel(s: &mut String, values: &[(usize, &OutcomeReport, &Values)], top: f64) {
    let Some((_, _, first)) = values.first() else {
        return;
    };
    let ests = values.iter().flat_map(|(_, _, v)| v.pieces.iter());
    let file_max = first.pieces.iter().map(|p| p.file).fold(1.0f64, f64::max);
    let (mut lo, mut hi) = (0.0f64, file_max);
    for p in ests {
        if let (Some(e), Some(h)) = (p.estimate, p.error) {
            lo = lo.min(e - h);
            hi = hi.max(e + h);
        }
    }
    let lo = lo.max(-file_max / 2.0).floor();
    let hi = hi.min(file_max * 2.0).ceil();
    let x = |v: f64| LEFT + (RIGHT - LEFT) * ((v.clamp(lo, hi) - lo) / (hi - lo).max(1e-9));
    let _ = writeln!(
        s,
        r#"<text x="10" y="{:.1}" font-size="14" font-weight="bold">Piece values, file units: file (black tick) and games (dot, 95%)</text>"#,
        top - 36.0
    );
    let mut lx = 10.0;
    for (i, o, _) in values {
        let colour = COLOURS[i % COLOURS.len()];
        let _ = writeln!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{colour}"/><text x="{:.1}" y="{:.1}" fill="{colour}">{}</text>"#,
            lx + 4.0,
            top - 18.0,
            lx + 11.0,
            top - 14.0,
            esc(&o.label)
        );
        lx += 20.0 + 7.0 * o.label.chars().count() as f64;
    }
    let rows = first.pieces.len();
    let row_h = VALUE_LINE * values.len() as f64 + 8.0;
    let bottom = top + row_h * rows as f64;
    let step = if hi - lo > 12.0 { 2.0 } else { 1.0 };
    let mut t = (lo / step).ceil() * step;
    while t <= hi + 1e-9 {
        let stroke = if t == 0.0 { "#888888" } else { "#dddddd" };
        let _ = writeln!(
            s,
            r#"<line x1="{0:.1}" y1="{top:.1}" x2="{0:.1}" y2="{bottom:.1}" stroke="{stroke}"/>"#,
            x(t)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11">{t}</text>"#,
            x(t),
            bottom + 14.0
        );
        t += step;
    }
    for (row, p) in first.pieces.iter().enumerate() {
        let y = top + row_h * row as f64;
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{} ({})</text>"#,
            LEFT - 10.0,
            y + row_h / 2.0 + 4.0,
            esc(&p.piece),
            esc(&p.letter.to_string())
        );
        let _ = writeln!(
            s,
            r##"<g><title>file: {3}</title><line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#000000" stroke-width="2.5"/></g>"##,
            x(p.file),
            y + 2.0,
            y + row_h - 2.0,
            p.file
        );
        for (j, (i, _, v)) in values.iter().enumerate() {
            let colour = COLOURS[i % COLOURS.len()];
            let yy = y + 4.0 + VALUE_LINE * j as f64 + VALUE_LINE / 2.0;
            let Some(q) = v.pieces.iter().find(|q| q.piece == p.piece) else {
                continue;
            };
            match (q.estimate, q.error) {
                (Some(e), Some(h)) => {
                    let _ = writeln!(
                        s,
                        r#"<line x1="{:.1}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="{colour}" stroke-width="1.5"/>"#,
                        x(e - h),
                        x(e + h)
                    );
                    let _ = writeln!(
                        s,
                        r#"<g><title>{e:.2} ± {h:.2}</title><circle cx="{:.1}" cy="{yy:.1}" r="3.5" fill="{colour}"/></g>"#,
                        x(e)
                    );
                }
                _ => {
                    let _ = writeln!(
                        s,
                        r##"<text x="{:.1}" y="{:.1}" fill="{colour}" font-size="10">no estimate</text>"##,
                        RIGHT - 60.0,
                        yy + 3.0
                    );
                }
            }
        }
    }
}

//! The word scores beside the times: for a family whose decoder reports
//! the scores of its solutions (a crossword fill's mean entry score and
//! its weak entries), a table per instance of each column's mean and weak
//! count beside the baseline peer's, and whether the column is at or
//! above the peer on time, mean and weak entries alike.

use super::matrix::PEER_SOLVER;
use super::rows::{Outcome, Row};
use std::collections::HashMap;

/// The seconds of a row's pipeline (the peer's: its own run).
fn seconds(row: &Row) -> f64 {
    row.encode_seconds + row.solve_seconds + row.decode_seconds
}

/// A row's scores as `mean / weak`, `-` without.
fn cell(row: Option<&&Row>) -> String {
    match row.and_then(|r| Some((r.score_mean?, r.weak_entries?))) {
        Some((mean, weak)) => format!("{mean:.1} / {weak}"),
        None => "-".into(),
    }
}

/// Whether `ours` is at or above `peer` on all three (time, mean score,
/// weak entries), or the gaps where not.
fn verdict(peer: Option<&&Row>, ours: Option<&&Row>) -> String {
    let (Some(peer), Some(ours)) = (peer, ours) else {
        return "-".into();
    };
    if ours.result != Outcome::Sat {
        return "no fill".into();
    }
    let mut gaps = Vec::new();
    if peer.result == Outcome::Sat && seconds(ours) > seconds(peer) {
        gaps.push(format!(
            "time {:.1}x",
            seconds(ours) / seconds(peer).max(0.001)
        ));
    }
    if let (Some(p), Some(o)) = (peer.score_mean, ours.score_mean) {
        if o < p {
            gaps.push(format!("mean {:+.1}", o - p));
        }
    }
    if let (Some(p), Some(o)) = (peer.weak_entries, ours.weak_entries) {
        if o > p {
            gaps.push(format!("weak +{}", o - p));
        }
    }
    if gaps.is_empty() {
        "yes".into()
    } else {
        gaps.join(", ")
    }
}

/// The scores table of `rows` (one family's, instances in `instances`
/// order), or `None` when no row has scores. `peer` is the baseline
/// peer's variant name; `columns` the (solver, variant) columns of ours
/// with their titles.
pub fn scores_markdown(
    rows: &[&Row],
    instances: &[String],
    peer: Option<&str>,
    columns: &[(String, String, String)],
) -> Option<String> {
    if !rows.iter().any(|r| r.score_mean.is_some()) {
        return None;
    }
    let mut cells: HashMap<(&str, &str, &str), &Row> = HashMap::new();
    for row in rows {
        cells.insert((&row.instance, &row.encoding, &row.solver), row);
    }
    let mut header = vec!["instance".to_string()];
    if let Some(peer) = peer {
        header.push(peer.to_string());
    }
    for (_, _, title) in columns {
        header.push(title.clone());
        if let Some(peer) = peer {
            header.push(format!("{title} at or above {peer}"));
        }
    }
    let mut text = format!(
        "Word scores of each fill: the mean entry score and the entries below the weak \
         threshold (30), as `mean / weak`, from the decoder's JSON{}.\n\n",
        peer.map_or(String::new(), |p| format!(
            "; `{p}`'s fill checked and scored by satpipe's decoder. \"at or above {p}\": at most \
             its time (the table above), at least its mean and at most its weak entries, same \
             run, else the gaps"
        ))
    );
    text.push_str(&format!("| {} |\n", header.join(" | ")));
    text.push_str(&format!("|---|{}\n", "---:|".repeat(header.len() - 1)));
    let (mut wins, mut compared) = (0, 0);
    for instance in instances {
        let peer_row = peer.and_then(|p| cells.get(&(instance.as_str(), p, PEER_SOLVER)));
        let ours: Vec<Option<&&Row>> = columns
            .iter()
            .map(|(solver, variant, _)| {
                cells.get(&(instance.as_str(), variant.as_str(), solver.as_str()))
            })
            .collect();
        if peer_row.is_none()
            && ours
                .iter()
                .all(|r| r.is_none_or(|r| r.score_mean.is_none()))
        {
            continue;
        }
        let mut line = vec![instance.replace('|', "\\|")];
        if peer.is_some() {
            line.push(cell(peer_row));
        }
        for row in ours {
            line.push(cell(row));
            if peer.is_some() {
                let said = verdict(peer_row, row);
                if said != "-" {
                    compared += 1;
                    wins += usize::from(said == "yes");
                }
                line.push(said);
            }
        }
        text.push_str(&format!("| {} |\n", line.join(" | ")));
    }
    if let Some(peer) = peer.filter(|_| compared > 0) {
        text.push_str(&format!(
            "\nAt or above {peer} on time, mean and weak entries: {wins} of {compared}.\n"
        ));
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(instance: &str, variant: &str, solver: &str, seconds: f64, scores: (f64, u64)) -> Row {
        Row {
            family: "crossword".into(),
            instance: instance.into(),
            encoding: variant.into(),
            encoder_options: String::new(),
            solver: solver.into(),
            result: Outcome::Sat,
            verified: true,
            variables: None,
            clauses: None,
            encode_seconds: 0.0,
            solve_seconds: seconds,
            decode_seconds: 0.0,
            peak_mb: 0.0,
            time_limit: 60.0,
            message: String::new(),
            solutions: Some(1),
            solve_options: String::new(),
            decode_options: String::new(),
            cost: None,
            score_mean: Some(scores.0),
            score_lowest: Some(1),
            weak_entries: Some(scores.1),
        }
    }

    #[test]
    fn the_table_sets_our_scores_beside_the_peers() {
        let rows = [
            row("a", "ingrid", PEER_SOLVER, 2.0, (50.0, 3)),
            row("a", "default", "default", 1.0, (51.0, 3)),
            row("b", "ingrid", PEER_SOLVER, 1.0, (50.0, 3)),
            row("b", "default", "default", 3.0, (49.5, 5)),
        ];
        let refs: Vec<&Row> = rows.iter().collect();
        let columns = [(
            "default".to_string(),
            "default".to_string(),
            "default".to_string(),
        )];
        let instances = ["a".to_string(), "b".to_string()];
        let text = scores_markdown(&refs, &instances, Some("ingrid"), &columns).expect("scores");
        assert!(text.contains("| a | 50.0 / 3 | 51.0 / 3 | yes |"), "{text}");
        assert!(
            text.contains("| b | 50.0 / 3 | 49.5 / 5 | time 3.0x, mean -0.5, weak +2 |"),
            "{text}"
        );
        assert!(
            text.contains("At or above ingrid on time, mean and weak entries: 1 of 2."),
            "{text}"
        );
        // Rows without scores: no table.
        let bare: Vec<Row> = rows
            .iter()
            .cloned()
            .map(|mut r| {
                r.score_mean = None;
                r
            })
            .collect();
        let refs: Vec<&Row> = bare.iter().collect();
        assert!(scores_markdown(&refs, &instances, Some("ingrid"), &columns).is_none());
    }
}

//! The day's puzzle from Helsingin Sanomat's API, as the original
//! solver fetches it (`kaivuri 18.4.2024`): `encode-sanalouhos --date
//! D.M.YYYY` or `--date today`.
//!
//! `GET {API}/D.M.YYYY` answers `{"success": true, "item":
//! {"gameCharArray": ["T", "M", ...]}}`: 30 letters, row-major, 6 rows of
//! 5. The letters become the puzzle text (one row a line, under a comment
//! naming the date and the address), which the CNF header stores, so
//! decoding needs no network. The base address is [`API`], or the value
//! of the environment variable [`API_VARIABLE`] (for tests against a
//! local server, or a mirror).
//!
//! ```
//! use satpipe::sanalouhos::daily::{DateArg, Date};
//! assert_eq!("18.4.2024".parse::<DateArg>(), Ok(DateArg::Day(Date::new(18, 4, 2024).unwrap())));
//! assert!("32.1.2024".parse::<DateArg>().is_err());
//! ```

use super::grid::{DEFAULT_COLS, DEFAULT_ROWS};
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The base address of the daily puzzles; the date follows after a `/`.
pub const API: &str = "https://sanalouhos.datadesk.hs.fi/api/game";
/// The environment variable that replaces [`API`] when set and not empty.
pub const API_VARIABLE: &str = "SATPIPE_SANALOUHOS_API";
/// How long one fetch may take in all (connecting, sending, reading).
const TIMEOUT: Duration = Duration::from_secs(30);
/// The most of an answer that is read: the real one is well under 4 KiB.
const ANSWER_LIMIT: u64 = 1 << 20;

/// A calendar date, checked to exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

impl Date {
    /// The date `day`.`month`.`year`; `None` when it does not exist (or the
    /// year is not of four digits).
    pub fn new(day: u8, month: u8, year: u16) -> Option<Date> {
        let valid = (1000..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// The day of the month, 1-31.
    pub fn day(self) -> u8 {
        self.day
    }

    /// The month, 1-12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The date in Finland (Helsinki time) at `now`: UTC+2, and UTC+3 in
    /// summer time (from the last Sunday of March, 01:00 UTC, to the last
    /// Sunday of October, 01:00 UTC, the European Union's rule since 1996),
    /// computed here so that no time-zone database is needed.
    pub fn in_finland(now: SystemTime) -> Date {
        // A clock before 1970 is wrong anyway; 1.1.1970 is as good a day.
        let utc = now
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        let (year, _, _) = civil_from_days(utc.div_euclid(86_400));
        let summer_from = last_sunday_seconds(year, 3) + 3600;
        let summer_until = last_sunday_seconds(year, 10) + 3600;
        let offset = if (summer_from..summer_until).contains(&utc) {
            3 * 3600
        } else {
            2 * 3600
        };
        let (year, month, day) = civil_from_days((utc + offset).div_euclid(86_400));
        // Years outside four digits are clamped: the clock would be absurd.
        let year = u16::try_from(year.clamp(1000, 9999)).unwrap_or(9999);
        Date::new(day, month, year).unwrap_or(Date {
            year,
            month: 1,
            day: 1,
        })
    }
}

impl fmt::Display for Date {
    /// `D.M.YYYY`, without leading zeros, as the API writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.day, self.month, self.year)
    }
}

/// The value of `--date`: a day, or `today` (in Finland).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateArg {
    /// Today's date in Finland when the encoder runs.
    Today,
    /// A given day.
    Day(Date),
}

impl DateArg {
    /// The day asked for, `today` read from the clock.
    pub fn date(self) -> Date {
        match self {
            DateArg::Today => Date::in_finland(SystemTime::now()),
            DateArg::Day(date) => date,
        }
    }
}

impl FromStr for DateArg {
    type Err = String;

    /// `today`, or `D.M.YYYY` (leading zeros allowed: `01.02.2024`).
    fn from_str(text: &str) -> std::result::Result<DateArg, String> {
        if text.eq_ignore_ascii_case("today") {
            return Ok(DateArg::Today);
        }
        let expected = "expected D.M.YYYY, e.g. 18.4.2024, or 'today'";
        let parts: Vec<&str> = text.split('.').collect();
        let number = |part: &str, digits: std::ops::RangeInclusive<usize>| {
            (digits.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u16>().ok())
                .flatten()
        };
        let [day, month, year] = parts[..] else {
            return Err(format!("'{text}' is not a date: {expected}"));
        };
        let (Some(day), Some(month), Some(year)) =
            (number(day, 1..=2), number(month, 1..=2), number(year, 4..=4))
        else {
            return Err(format!("'{text}' is not a date: {expected}"));
        };
        // One or two digits fit in a u8.
        Date::new(day as u8, month as u8, year)
            .map(DateArg::Day)
            .ok_or_else(|| format!("'{text}' is no day of the calendar: {expected}"))
    }
}

/// True for a leap year of the Gregorian calendar.
fn is_leap(year: u16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The number of days of `month` (1-12) in `year`.
fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The date (year, month, day) of day number `days` since 1.1.1970
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The day number since 1.1.1970 of a date (Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Seconds since the epoch at 00:00 UTC of the last Sunday of `month`
/// (a month of 31 days: March or October) in `year`.
fn last_sunday_seconds(year: i64, month: u8) -> i64 {
    let last = days_from_civil(year, month, 31);
    // 1.1.1970 was a Thursday: weekday 0 is Sunday.
    let weekday = (last + 4).rem_euclid(7);
    (last - weekday) * 86_400
}

/// The address of the puzzle of `date` under the base address `base`.
pub fn url(base: &str, date: Date) -> String {
    format!("{}/{date}", base.trim_end_matches('/'))
}

/// The base address: [`API_VARIABLE`] when set and not empty, else [`API`].
pub fn base() -> String {
    std::env::var(API_VARIABLE)
        .ok()
        .filter(|value| !value.is_empty())
        .unwrap_or_else(|| API.to_string())
}

/// An error about the address `url`.
fn failed(url: &str, message: impl Into<String>) -> Error {
    Error::io(url, std::io::Error::other(message.into()))
}

/// Fetches the puzzle of `date`; returns the source name (the address) and
/// the puzzle text: a comment naming the date and the address, then one
/// row a line.
pub fn fetch(date: Date) -> Result<(String, String)> {
    let url = url(&base(), date);
    let answer = get(&url)?;
    let letters = letters_from_answer(&url, &answer)?;
    Ok((url.clone(), puzzle_text(date, &url, &letters)))
}

/// The body of a successful `GET url`; errors name the address.
fn get(url: &str) -> Result<String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(TIMEOUT))
        // The status is judged below, with the body's first words.
        .http_status_as_error(false)
        .user_agent(concat!("satpipe/", env!("CARGO_PKG_VERSION")))
        .build()
        .into();
    let mut response = agent
        .get(url)
        .header("Accept", "application/json")
        .call()
        .map_err(|e| failed(url, format!("cannot fetch the day's puzzle: {}", describe(&e))))?;
    let status = response.status();
    if !status.is_success() {
        let reason = status.canonical_reason().unwrap_or("");
        let hint = if status.as_u16() == 404 {
            " (no puzzle for that day: is the date in the future, or before the game began?)"
        } else {
            ""
        };
        return Err(failed(
            url,
            format!(
                "the server answered HTTP {} {reason}{hint}",
                status.as_u16()
            ),
        ));
    }
    response
        .body_mut()
        .with_config()
        .limit(ANSWER_LIMIT)
        .lossy_utf8(true)
        .read_to_string()
        .map_err(|e| failed(url, format!("cannot read the answer: {}", describe(&e))))
}

/// An HTTP client error in words, with the operating system's cause
/// (e.g. "Connection refused").
fn describe(error: &ureq::Error) -> String {
    match error {
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            "connection refused (no server listens at that address)".to_string()
        }
        ureq::Error::Io(io) => format!("cannot connect (no network? {io})"),
        ureq::Error::Timeout(_) => format!("no answer within {} s", TIMEOUT.as_secs()),
        ureq::Error::HostNotFound => "host not found (no network, or no such host)".to_string(),
        other => other.to_string(),
    }
}

/// The 30 letters (6 rows of 5, row-major) of the API's answer `body`
/// from `url`; errors say what is wrong with it.
pub fn letters_from_answer(url: &str, body: &str) -> Result<Vec<char>> {
    let start: String = body.chars().take(60).collect();
    let document: serde_json::Value = serde_json::from_str(body).map_err(|e| {
        failed(
            url,
            format!("the answer is not JSON ({e}); it starts '{}'", start.trim()),
        )
    })?;
    if document.get("success") != Some(&serde_json::Value::Bool(true)) {
        let said = document
            .get("success")
            .map_or("no 'success'".to_string(), |v| format!("'success': {v}"));
        return Err(failed(
            url,
            format!("the answer does not report success ({said})"),
        ));
    }
    let array = document
        .get("item")
        .and_then(|item| item.get("gameCharArray"))
        .and_then(|array| array.as_array())
        .ok_or_else(|| failed(url, "the answer has no item.gameCharArray list of letters"))?;
    let cells = DEFAULT_ROWS * DEFAULT_COLS;
    if array.len() != cells {
        return Err(failed(
            url,
            format!(
                "item.gameCharArray has {} entries, not {cells} ({DEFAULT_ROWS} rows of {DEFAULT_COLS})",
                array.len()
            ),
        ));
    }
    array
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let mut chars = entry.as_str().map(str::chars);
            match chars.as_mut().map(|c| (c.next(), c.next())) {
                Some((Some(letter), None)) if letter.is_alphabetic() => Ok(letter),
                _ => Err(failed(
                    url,
                    format!(
                        "item.gameCharArray[{index}] is {entry}, not one letter"
                    ),
                )),
            }
        })
        .collect()
}

/// The puzzle text of the letters: a `#` comment naming the date and the
/// address, then one row a line (upper case), as a grid file is written.
pub fn puzzle_text(date: Date, url: &str, letters: &[char]) -> String {
    let mut text = format!("# Sanalouhos {date} ({url})\n");
    for row in letters.chunks(DEFAULT_COLS) {
        text.extend(row.iter().flat_map(|letter| letter.to_uppercase()));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        match text.parse::<DateArg>() {
            Ok(DateArg::Day(date)) => date,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn reads_dates_in_finnish_order() {
        assert_eq!(day("18.4.2024"), Date::new(18, 4, 2024).unwrap());
        assert_eq!(day("01.02.2024").to_string(), "1.2.2024");
        assert_eq!(day("29.2.2024").to_string(), "29.2.2024");
        assert_eq!("today".parse::<DateArg>(), Ok(DateArg::Today));
        assert_eq!("TODAY".parse::<DateArg>(), Ok(DateArg::Today));
        for bad in [
            "32.1.2024",
            "29.2.2023",
            "31.4.2024",
            "0.1.2024",
            "1.13.2024",
            "2024-01-01",
            "18.4.24",
            "18.4",
            "18.4.2024.",
            "+1.4.2024",
            "",
            "yesterday",
        ] {
            let error = bad.parse::<DateArg>().unwrap_err();
            assert!(error.contains("D.M.YYYY"), "{bad}: {error}");
        }
    }

    #[test]
    fn the_finnish_date_follows_summer_time() {
        let at = |seconds: u64| Date::in_finland(UNIX_EPOCH + Duration::from_secs(seconds));
        let epoch = |y, m, d| days_from_civil(y, m, d) as u64 * 86_400;
        // 31.12.2023 22:30 UTC is 00:30 on 1.1.2024 in Helsinki (UTC+2).
        assert_eq!(at(epoch(2023, 12, 31) + 22 * 3600 + 1800).to_string(), "1.1.2024");
        assert_eq!(at(epoch(2023, 12, 31) + 21 * 3600 + 1800).to_string(), "31.12.2023");
        // Summer 2024 (31.3. to 27.10.): 21:30 UTC is 00:30 (UTC+3).
        assert_eq!(at(epoch(2024, 6, 30) + 21 * 3600 + 1800).to_string(), "1.7.2024");
        assert_eq!(at(epoch(2024, 6, 30) + 20 * 3600 + 1800).to_string(), "30.6.2024");
        // The last Sundays of 2024: 31 March and 27 October.
        assert_eq!(last_sunday_seconds(2024, 3), epoch(2024, 3, 31) as i64);
        assert_eq!(last_sunday_seconds(2024, 10), epoch(2024, 10, 27) as i64);
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
    }

    #[test]
    fn reads_the_letters_of_an_answer() {
        let letters: Vec<String> = "TMSIIOULKNIEKIAITTAONTTIMAAOTI"
            .chars()
            .map(|c| format!("\"{c}\""))
            .collect();
        let good = format!(
            r#"{{"success": true, "item": {{"gameCharArray": [{}]}}}}"#,
            letters.join(",")
        );
        let read = letters_from_answer("u", &good).unwrap();
        assert_eq!(read.iter().collect::<String>(), "TMSIIOULKNIEKIAITTAONTTIMAAOTI");
        let date = Date::new(18, 4, 2024).unwrap();
        let text = puzzle_text(date, "u/18.4.2024", &read);
        assert!(text.starts_with("# Sanalouhos 18.4.2024 (u/18.4.2024)\nTMSII\nOULKN\n"));
        let grid = super::super::parse::parse("u", &text, Default::default()).unwrap();
        assert_eq!((grid.rows, grid.cols), (6, 5));

        let bad = |body: &str| letters_from_answer("u", body).unwrap_err().to_string();
        assert!(bad("<html>").contains("u: the answer is not JSON"));
        assert!(bad(r#"{"success": false}"#).contains("does not report success ('success': false)"));
        assert!(bad(r#"{"success": true, "item": {}}"#).contains("no item.gameCharArray"));
        assert!(bad(r#"{"success": true, "item": {"gameCharArray": ["A"]}}"#)
            .contains("has 1 entries, not 30"));
        let digit = good.replacen("\"T\"", "\"7\"", 1);
        assert!(bad(&digit).contains("gameCharArray[0] is \"7\", not one letter"));
        let two = good.replacen("\"T\"", "\"TT\"", 1);
        assert!(bad(&two).contains("not one letter"));
        let number = good.replacen("\"T\"", "7", 1);
        assert!(bad(&number).contains("gameCharArray[0] is 7"));
    }

    #[test]
    fn the_address_ends_in_the_date() {
        let date = Date::new(5, 1, 2025).unwrap();
        assert_eq!(url(API, date), format!("{API}/5.1.2025"));
        assert_eq!(url("http://127.0.0.1:8/api/", date), "http://127.0.0.1:8/api/5.1.2025");
    }
}

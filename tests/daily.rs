//! `encode-sanalouhos --date`: the day's puzzle fetched over HTTP, through
//! the real binaries, against a server on 127.0.0.1 that each test starts
//! itself (a `TcpListener` thread answering canned responses; it serves a
//! fixed number of requests, or stops after a deadline). The base address
//! is given by `SATPIPE_SANALOUHOS_API`, so no test reaches the internet.

mod common;

use common::{bin, code, external_command, stderr, stdout};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Output;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a test server waits for its requests before it gives up.
const SERVER_DEADLINE: Duration = Duration::from_secs(60);

/// The letters of `readme1` in `instances/sanalouhos/puzzles.tsv`, the
/// grid of 18.4.2024 (663 solutions, as the original counts).
const README1: &str = "TMSIIOULKNIEKIAITTAONTTIMAAOTI";

/// A canned answer: status line and body.
struct Canned {
    status: &'static str,
    body: String,
}

/// The API's answer for `letters`.
fn good(letters: &str) -> Canned {
    let array: Vec<String> = letters.chars().map(|c| format!("\"{c}\"")).collect();
    Canned {
        status: "200 OK",
        body: format!(
            r#"{{"success":true,"item":{{"gameCharArray":[{}],"date":"x"}}}}"#,
            array.join(",")
        ),
    }
}

/// A local HTTP server answering `requests` requests, each by its path
/// (`404 Not Found` for a path not in `answers`), then stopping. Returns
/// the base address to put in `SATPIPE_SANALOUHOS_API` and the thread,
/// which gives back the paths it was asked for.
fn serve(answers: HashMap<String, Canned>, requests: usize) -> (String, JoinHandle<Vec<String>>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
    let port = listener.local_addr().expect("local address").port();
    listener
        .set_nonblocking(true)
        .expect("non-blocking listener");
    let thread = std::thread::spawn(move || {
        let deadline = Instant::now() + SERVER_DEADLINE;
        let mut paths = Vec::new();
        while paths.len() < requests && Instant::now() < deadline {
            match listener.accept() {
                Ok((stream, _)) => paths.push(answer(stream, &answers)),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Err(e) => panic!("test server: accept failed: {e}"),
            }
        }
        paths
    });
    (format!("http://127.0.0.1:{port}/api/game"), thread)
}

/// Reads one request from `stream`, writes the canned answer for its path,
/// and returns the path.
fn answer(mut stream: TcpStream, answers: &HashMap<String, Canned>) -> String {
    stream.set_nonblocking(false).expect("blocking stream");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("read timeout");
    // The request head ends at the first blank line; a GET has no body.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && head.len() < 64 * 1024 {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => break,
        }
    }
    let head = String::from_utf8_lossy(&head);
    let path = head
        .lines()
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .unwrap_or("")
        .to_string();
    let not_found = Canned {
        status: "404 Not Found",
        body: r#"{"success":false,"message":"not found"}"#.to_string(),
    };
    let canned = answers.get(&path).unwrap_or(&not_found);
    let response = format!(
        "HTTP/1.1 {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        canned.status,
        canned.body.len(),
        canned.body
    );
    // The client may have gone; the test then fails on its output.
    let _ = stream.write_all(response.as_bytes());
    path
}

/// Runs the binary `name` with `args` and `stdin`, the API at `api` and
/// proxies unset (a proxy from the environment would take the request
/// elsewhere).
fn run_with_api(name: &str, args: &[&str], stdin: &[u8], api: &str) -> Output {
    let mut command = external_command(&bin(name).to_string_lossy());
    for proxy in [
        "http_proxy",
        "HTTP_PROXY",
        "https_proxy",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ] {
        command.env_remove(proxy);
    }
    command.env("SATPIPE_SANALOUHOS_API", api).args(args);
    common::run_command(command, stdin)
}

/// `encode-sanalouhos ARGS` with the API at `api`.
fn encode(api: &str, args: &[&str]) -> Output {
    run_with_api("encode-sanalouhos", args, b"", api)
}

/// A base address where nothing listens: a port bound and let go.
fn refused_address() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a local port");
    let port = listener.local_addr().expect("local address").port();
    drop(listener);
    format!("http://127.0.0.1:{port}/api/game")
}

/// Asserts exit 1 and every one of `parts` in standard error.
fn assert_fails(output: &Output, parts: &[&str]) {
    let message = stderr(output);
    assert_eq!(code(output), 1, "{message}");
    assert!(output.stdout.is_empty(), "{}", stdout(output));
    for part in parts {
        assert!(message.contains(part), "'{part}' not in: {message}");
    }
}

#[test]
fn the_fetched_grid_solves_like_the_letters() {
    let answers = HashMap::from([("/api/game/18.4.2024".to_string(), good(README1))]);
    let (api, server) = serve(answers, 1);
    // A date with leading zeros asks for the API's form without them.
    let encoded = encode(&api, &["--date", "18.04.2024", "--mode", "all"]);
    assert_eq!(code(&encoded), 0, "{}", stderr(&encoded));
    assert_eq!(server.join().expect("server"), ["/api/game/18.4.2024"]);
    let cnf = stdout(&encoded);
    assert!(
        cnf.contains(&format!(
            "c puzzle # Sanalouhos 18.4.2024 ({api}/18.4.2024)\n"
        )),
        "{cnf}"
    );
    assert!(cnf.contains("c puzzle TMSII\n"), "{cnf}");
    // Decoding reads the grid from the header: the server is gone.
    let gone = refused_address();
    let solved = run_with_api("solve", &["--all"], &encoded.stdout, &gone);
    let decoded = run_with_api("decode-sanalouhos", &[], &solved.stdout, &gone);
    let outs = [solved, decoded];
    assert_eq!(code(&outs[1]), 0, "{}", stderr(&outs[1]));
    let text = stdout(&outs[1]);
    assert!(
        text.starts_with("Puzzle:\nT M S I I\nO U L K N\n"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("Number of solutions") && l.ends_with(": 663")),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("663 solutions"));
}

#[test]
fn today_asks_for_a_date_in_finnish_form() {
    let (api, server) = serve(HashMap::new(), 1);
    let output = encode(&api, &["--date", "today"]);
    let paths = server.join().expect("server");
    assert_eq!(paths.len(), 1);
    let date = paths[0].strip_prefix("/api/game/").expect("the API's path");
    let parts: Vec<&str> = date.split('.').collect();
    assert_eq!(parts.len(), 3, "{date}");
    assert!(parts.iter().all(|p| p.parse::<u16>().is_ok()), "{date}");
    assert!(
        !parts[0].starts_with('0') && !parts[1].starts_with('0'),
        "{date}"
    );
    assert_eq!(parts[2].len(), 4, "{date}");
    // The canned server has no puzzle for it.
    assert_fails(&output, &[&format!("{api}/{date}"), "HTTP 404"]);
}

#[test]
fn http_errors_and_malformed_answers_name_the_address() {
    let canned = |status, body: &str| Canned {
        status,
        body: body.to_string(),
    };
    let mut short = good(README1);
    short.body = short.body.replacen(r#""T","#, "", 1);
    let mut digit = good(README1);
    digit.body = digit.body.replacen(r#""T""#, r#""7""#, 1);
    let answers = HashMap::from([
        (
            "/api/game/1.1.2024".to_string(),
            canned("200 OK", "<html>hello</html>"),
        ),
        (
            "/api/game/2.1.2024".to_string(),
            canned("200 OK", r#"{"success":false,"message":"no game"}"#),
        ),
        (
            "/api/game/3.1.2024".to_string(),
            canned("200 OK", r#"{"success":true,"item":{"letters":"ABC"}}"#),
        ),
        ("/api/game/4.1.2024".to_string(), short),
        ("/api/game/5.1.2024".to_string(), digit),
        (
            "/api/game/6.1.2024".to_string(),
            canned("500 Internal Server Error", "oops"),
        ),
    ]);
    // One request more than the answers: 7.1.2024 is not found.
    let (api, server) = serve(answers, 7);
    let cases: [(&str, &[&str]); 7] = [
        (
            "1.1.2024",
            &["the answer is not JSON", "it starts '<html>hello</html>'"],
        ),
        ("2.1.2024", &["does not report success ('success': false)"]),
        ("3.1.2024", &["no item.gameCharArray"]),
        (
            "4.1.2024",
            &["item.gameCharArray has 29 entries, not 30 (6 rows of 5)"],
        ),
        (
            "5.1.2024",
            &["item.gameCharArray[0] is \"7\", not one letter"],
        ),
        (
            "6.1.2024",
            &["the server answered HTTP 500 Internal Server Error"],
        ),
        (
            "7.1.2024",
            &[
                "the server answered HTTP 404 Not Found",
                "no puzzle for that day",
            ],
        ),
    ];
    for (date, parts) in cases {
        let output = encode(&api, &["--date", date]);
        let url = format!("encode-sanalouhos: {api}/{date}: ");
        let mut expected = vec![url.as_str()];
        expected.extend_from_slice(parts);
        assert_fails(&output, &expected);
    }
    assert_eq!(server.join().expect("server").len(), 7);
}

#[test]
fn a_refused_connection_names_the_address() {
    let api = refused_address();
    let output = encode(&api, &["--date", "18.4.2024"]);
    assert_fails(
        &output,
        &[
            &format!("encode-sanalouhos: {api}/18.4.2024: cannot fetch the day's puzzle"),
            "connection refused",
        ],
    );
}

#[test]
fn bad_dates_and_a_second_puzzle_are_usage_errors() {
    // Nothing listens there, and nothing may be asked: these fail before.
    let api = refused_address();
    for (date, says) in [
        ("32.1.2024", "'32.1.2024' is no day of the calendar"),
        ("29.2.2023", "'29.2.2023' is no day of the calendar"),
        ("2024-01-01", "'2024-01-01' is not a date"),
        ("18.4.24", "'18.4.24' is not a date"),
    ] {
        let output = encode(&api, &["--date", date]);
        assert_fails(&output, &[says, "expected D.M.YYYY"]);
    }
    let output = encode(&api, &["--date", "18.4.2024", README1]);
    assert_fails(&output, &["'--date <D.M.YYYY|today>' cannot be used with"]);
}

//! Blocks of names: parsing, naming, lookups by name and by integer
//! arguments, shared names.

use super::*;

fn block(line: &str) -> Block {
    Block::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn names_run_row_major_and_read_back() {
    let b = block("17 edge(r,c,r,c+1) r=1..3 c=1..2");
    assert_eq!(b.len(), 6);
    assert_eq!(b.first(), 16);
    let names: Vec<String> = (0..6).map(|i| b.name(i)).collect();
    assert_eq!(
        names,
        [
            "edge(1,1,1,2)",
            "edge(1,2,1,3)",
            "edge(2,1,2,2)",
            "edge(2,2,2,3)",
            "edge(3,1,3,2)",
            "edge(3,2,3,3)"
        ]
    );
    for (i, name) in names.iter().enumerate() {
        assert_eq!(b.index_of(name), Some(i as u32), "{name}");
    }
    assert_eq!(b.index_of_ints("edge", &[2, 2, 2, 3]), Some(3));
    assert_eq!(b.index_of("edge(2,2,3,3)"), None);
    assert_eq!(b.index_of_ints("edge", &[2, 2, 3, 3]), None);
    assert_eq!(b.index_of("edge(2,02,2,3)"), None);
    assert_eq!(b.index_of("edge(2,2,2,3)=1"), None);
    assert_eq!(b.to_string(), "17 edge(r,c,r,c+1) r=1..3 c=1..2");
}

#[test]
fn integer_arguments_find_what_the_spelled_name_finds() {
    for line in [
        "17 edge(r,c,r,c+1) r=1..3 c=1..2",
        "5 rank(r,c-1) r=1..2 c=-1..0",
        "1 x(a,b,a) a=0..2 b=1..2",
        "1 y(r,r+2,r-1) r=-2..1",
    ] {
        let b = block(line);
        let arity = b.parts.len();
        let mut args = vec![-4i64; arity];
        loop {
            let spelled = format!(
                "{}({})",
                b.predicate,
                args.iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            assert_eq!(
                b.index_of_ints(&b.predicate, &args),
                b.index_of(&spelled),
                "{line}: {spelled}"
            );
            // The next arguments, each from -4 to 4.
            let Some(k) = args.iter().rposition(|&a| a < 4) else {
                break;
            };
            args[k] += 1;
            args[k + 1..].fill(-4);
        }
        assert_eq!(b.index_of_ints("other", &vec![1; arity]), None);
        assert_eq!(b.index_of_ints(&b.predicate, &vec![1; arity + 1]), None);
    }
}

#[test]
fn words_values_and_text() {
    let b = block("1 cell(r,x)=k r=0..1 k=red,blue");
    assert_eq!(b.name(0), "cell(0,x)=red");
    assert_eq!(b.name(3), "cell(1,x)=blue");
    assert_eq!(b.index_of("cell(1,x)=red"), Some(2));
    assert_eq!(b.index_of("cell(1,y)=red"), None);
    assert_eq!(b.to_string(), "1 cell(r,x)=k r=0..1 k=red,blue");
    let minus = block("5 rank(r,c-1) r=1..2 c=-1..0");
    assert_eq!(minus.name(0), "rank(1,-2)");
    assert_eq!(minus.index_of("rank(2,-1)"), Some(3));
}

#[test]
fn bad_blocks_are_refused() {
    for bad in [
        "0 x(r) r=1..2",
        "1 x(r) r=2..1",
        "1 x(r) r=1..2 r=1..2",
        "1 x(r) r=1..2 s=1..2",
        "1 x(r,k,k) r=1..2 k=a,b",
        "1 x(r)",
        "1 x r=1..2",
        "1 -x(r) r=1..2",
        "1 x(r) r=a,a",
        "1 x(r+k) r=1..2 k=a,b",
        "1 x(r) r=1..4294967296",
        "1 x(r,c) r=1..65536 c=1..65536",
        "1 x(a,b,c,d,e,f,g,h,i) a=1..2 b=1..2 c=1..2 d=1..2 e=1..2 f=1..2 g=1..2 h=1..2 i=1..2",
    ] {
        assert!(Block::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn clashes_between_blocks_are_found_exactly() {
    let right = block("1 edge(r,c,r,c+1) r=1..5 c=1..4");
    let down = block("100 edge(r,c,r+1,c) r=1..4 c=1..5");
    assert!(!right.may_share_names(&down));
    assert!(!down.may_share_names(&right));
    assert!(right.may_share_names(&right));
    let shifted = block("200 edge(r,c,s,c+1) r=1..5 c=1..4 s=5..9");
    assert!(right.may_share_names(&shifted));
    let beyond = block("200 edge(r,c,r,c+1) r=6..9 c=1..4");
    assert!(!right.may_share_names(&beyond));
    let one = block("300 edge(3,c,3,d) c=1..9 d=1..9");
    assert!(right.may_share_names(&one));
    let apart = block("300 edge(3,c,3,d) c=1..9 d=20..29");
    assert!(!right.may_share_names(&apart));
    let colours = block("1 cell(r)=k r=1..3 k=red,blue");
    let more = block("9 cell(r)=k r=3..5 k=green,blue");
    let other = block("9 cell(r)=k r=3..5 k=green");
    assert!(colours.may_share_names(&more));
    assert!(!colours.may_share_names(&other));
}

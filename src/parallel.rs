//! Work split over two threads whose results are used in order: the
//! writing of a long clause list in chunks, the encoding of a
//! collection's puzzles.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;

/// How far past the item due the two threads may make items: a bound on
/// the results held for their turn.
const AHEAD: usize = 8;

/// Makes items `0..count` with `make` and hands each to `use_item` in
/// order, on two threads that take the next item to make as each becomes
/// free (so that one long item does not hold the other thread up), at
/// most [`AHEAD`] past the item due; the calling thread also uses the
/// items, as soon as each is ready. The first error, in the items' order,
/// of `make` or `use_item` ends it (what came before it was used; the
/// second thread stops after the item it is making). With fewer than
/// `min_count` items everything runs in the calling thread; `lost` is the
/// error for a second thread that panicked.
pub fn in_order<R: Send, E: Send>(
    count: usize,
    min_count: usize,
    make: impl Fn(usize) -> Result<R, E> + Sync,
    mut use_item: impl FnMut(R) -> Result<(), E>,
    lost: impl FnOnce() -> E,
) -> Result<(), E> {
    if count < min_count.max(2) {
        for k in 0..count {
            use_item(make(k)?)?;
        }
        return Ok(());
    }
    let make = &make;
    // The next item nobody has taken yet.
    let next = &AtomicUsize::new(0);
    let stopped = &AtomicBool::new(false);
    let take = move || {
        let k = next.fetch_add(1, Ordering::Relaxed);
        (k < count).then_some(k)
    };
    std::thread::scope(|scope| {
        let (send, made) = sync_channel::<(usize, Result<R, E>)>(AHEAD);
        scope.spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                let Some(k) = take() else { break };
                let item = make(k);
                let failed = item.is_err();
                // A closed channel: the calling thread has stopped.
                if send.send((k, item)).is_err() || failed {
                    break;
                }
            }
        });
        // Items made before their turn.
        let mut ready: BTreeMap<usize, Result<R, E>> = BTreeMap::new();
        let result = 'used: {
            for due in 0..count {
                let item = loop {
                    if let Some(item) = ready.remove(&due) {
                        break item;
                    }
                    // The item due is being made by the other thread, or
                    // by nobody yet: make one meanwhile if not too far
                    // ahead, else wait for what the other thread makes.
                    if next.load(Ordering::Relaxed) <= due + AHEAD {
                        if let Some(k) = take() {
                            let item = make(k);
                            if k == due {
                                break item;
                            }
                            ready.insert(k, item);
                            continue;
                        }
                    }
                    match made.recv() {
                        Ok((k, item)) => {
                            ready.insert(k, item);
                        }
                        Err(_) => break 'used Err(lost()),
                    }
                };
                if let Err(error) = item.and_then(&mut use_item) {
                    break 'used Err(error);
                }
            }
            Ok(())
        };
        stopped.store(true, Ordering::Relaxed);
        drop(made);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_used_in_order_on_either_path() {
        for count in [0, 1, 2, 3, 10, 101] {
            for min_count in [0, 1000] {
                let mut seen = Vec::new();
                let done: Result<(), String> = in_order(
                    count,
                    min_count,
                    |k| Ok(k * k),
                    |item| {
                        seen.push(item);
                        Ok(())
                    },
                    || "lost".into(),
                );
                assert_eq!(done, Ok(()));
                assert_eq!(seen, (0..count).map(|k| k * k).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn items_of_uneven_cost_still_come_out_in_order() {
        // Items finish out of order on the two threads; a long one keeps
        // one thread while the other goes on.
        let mut seen = Vec::new();
        let done: Result<(), String> = in_order(
            40,
            0,
            |k| {
                let pause = if k % 7 == 0 { 6 } else { k as u64 % 3 };
                std::thread::sleep(std::time::Duration::from_millis(pause));
                Ok(k)
            },
            |item| {
                seen.push(item);
                Ok(())
            },
            || "lost".into(),
        );
        assert_eq!(done, Ok(()));
        assert_eq!(seen, (0..40).collect::<Vec<_>>());
    }

    #[test]
    fn the_first_error_in_order_ends_it_after_what_came_before() {
        for bad in [0, 1, 6, 7] {
            let mut seen = Vec::new();
            let done = in_order(
                20,
                0,
                |k| {
                    if k == bad || k == bad + 3 {
                        Err(k)
                    } else {
                        Ok(k)
                    }
                },
                |item| {
                    seen.push(item);
                    Ok(())
                },
                || usize::MAX,
            );
            assert_eq!(done, Err(bad));
            assert_eq!(seen, (0..bad).collect::<Vec<_>>());
        }
        // An error of the user of the items ends it too.
        let mut seen = Vec::new();
        let done = in_order(
            20,
            0,
            Ok,
            |item| {
                seen.push(item);
                if item == 5 {
                    Err(item)
                } else {
                    Ok(())
                }
            },
            || usize::MAX,
        );
        assert_eq!(done, Err(5));
        assert_eq!(seen, (0..=5).collect::<Vec<_>>());
    }
}

//! Work split over two threads whose results are used in order: the
//! writing of a long clause list in chunks, the encoding of a
//! collection's puzzles.

use std::sync::mpsc::sync_channel;

/// Makes items `0..count` with `make` and hands each to `use_item` in
/// order: the calling thread makes the even items, a second thread the
/// odd ones (at most two ahead), so that two cores make them while the
/// results still come out in order as soon as each is ready. The first
/// error, in the items' order, of `make` or `use_item` ends it (what came
/// before it was used; the second thread stops after the item it is
/// making). With fewer than `min_count` items everything runs in the
/// calling thread; `lost` is the error for a second thread that panicked.
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
    std::thread::scope(|scope| {
        let (send, made) = sync_channel::<Result<R, E>>(2);
        scope.spawn(move || {
            for k in (1..count).step_by(2) {
                let item = make(k);
                let failed = item.is_err();
                // A closed channel: the calling thread has stopped.
                if send.send(item).is_err() || failed {
                    break;
                }
            }
        });
        for k in 0..count {
            let item = if k % 2 == 0 {
                make(k)?
            } else {
                match made.recv() {
                    Ok(item) => item?,
                    Err(_) => return Err(lost()),
                }
            };
            use_item(item)?;
        }
        Ok(())
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

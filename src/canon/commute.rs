//! The commutes-with relation between move classes, computed from the moves' transformations (never from
//! their names).

use fixedbitset::FixedBitSet;

use crate::model::layout::Layout;

/// For each class, the set of classes whose every move commutes with every move of it. A class always
/// commutes with itself.
pub fn commute_relation(layout: &Layout, classes: &[Vec<&[u8]>]) -> Vec<FixedBitSet> {
    let n = classes.len();
    let mut rel: Vec<FixedBitSet> = (0..n)
        .map(|_| {
            let mut s = FixedBitSet::with_capacity(n);
            s.insert_range(..);
            s
        })
        .collect();
    let mut ab = vec![0u8; layout.state_size()];
    let mut ba = vec![0u8; layout.state_size()];
    for i in 0..n {
        for j in 0..i {
            let commute = classes[i].iter().all(|a| {
                classes[j].iter().all(|b| {
                    layout.compose_into(a, b, &mut ab);
                    layout.compose_into(b, a, &mut ba);
                    ab == ba
                })
            });
            if !commute {
                rel[i].set(j, false);
                rel[j].set(i, false);
            }
        }
    }
    rel
}

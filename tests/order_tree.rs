//! `order-tree` end to end, against the C++ twsearch's `--ordertree` output on the same definitions
//! (`tests/data/order_tree/`, see its README): the same orders, each with the same sequence, in the same
//! order.

mod common;

use common::{cli_ok as ok, read};

/// The lines of an oracle file.
fn oracle(name: &str) -> Vec<String> {
    read(&format!("order_tree/{name}")).lines().map(str::to_string).collect()
}

fn lines(out: &str) -> Vec<String> {
    out.lines().map(str::to_string).collect()
}

#[test]
fn the_2x2x2_orders_are_twsearchs() {
    let ours = lines(&ok(&["order-tree", "tests/data/puzzles/main/2x2x2.tws", "--depth", "6"]));
    assert_eq!(ours, oracle("tw-ordertree-222.txt"));
    assert_eq!(ours.len(), 17);
    // twsearch's spelling of the subcommand too.
    let again = lines(&ok(&["ordertree", "tests/data/puzzles/main/2x2x2.tws", "--depth", "4", "--threads", "1"]));
    assert_eq!(again, ours);
}

#[test]
fn the_3x3x3_orders_within_six_moves_are_twsearchs() {
    let ours = lines(&ok(&["order-tree", "tests/data/puzzles/main/3x3x3.tws", "--depth", "6"]));
    assert_eq!(ours, oracle("tw-ordertree-333-len6.txt"));
    // The cube's greatest order, 1260, first met at five moves.
    assert!(ours.contains(&"1260 F B2 D' F L'".to_string()));
}

#[test]
fn json_lists_each_order_with_its_alg() {
    let out = ok(&["order-tree", "tests/data/puzzles/main/2x2x2.tws", "--depth", "3", "--moves", "U,R", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], "U,R");
    let orders = v["orders"].as_array().unwrap();
    assert_eq!(orders[0], serde_json::json!({ "order": 1, "alg": "", "length": 0 }));
    let p = common::puzzle("puzzles/main/2x2x2.tws");
    for o in orders {
        let alg = twistsearch::Alg::parse(o["alg"].as_str().unwrap()).unwrap();
        assert_eq!(p.alg_order(&alg).unwrap().to_string(), o["order"].to_string(), "{o}");
        assert!(o["length"].as_u64().unwrap() <= 3);
    }
}

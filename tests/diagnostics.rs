//! Every broken rule file in tests/fixtures/broken gets a located, readable
//! error; the rendered text is snapshot-tested.

use myriad::load::load;

#[test]
fn broken_rule_files() {
    insta::glob!("fixtures/broken", "*.variant", |path| {
        let err = match load(path) {
            Ok(_) => panic!("{} loaded, but it is broken", path.display()),
            Err(e) => e,
        };
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
        let text = err.rendered().replace(root, "");
        assert!(text.contains("error"), "no error in: {text}");
        assert!(!text.contains("panicked"), "{text}");
        insta::assert_snapshot!(text);
    });
}

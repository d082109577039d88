//! encode → decode is the identity (every version: a link read from a v1/v2 one is written back in its version), and no fragment panics the
//! decoder.

use proptest::prelude::*;
use replab_core::Protocol;
use replab_share::{decode, encode, Shared};

fn shared() -> impl Strategy<Value = Shared> {
    (
        "(title [a-zA-Z ]{0,20}\n)?brokers A B( C)?\n([a-z]+ [A-C0-9m]{1,3}\n){0,40}",
        prop::sample::select(Protocol::ALL.to_vec()),
        prop::option::of(prop::sample::select(Protocol::ALL.to_vec())),
        0usize..10_000,
        "[a-z]{2,3}",
        any::<bool>(),
    )
        .prop_map(|(text, protocol, compare, step, lang, made_before_1_4)| Shared {
            text,
            protocol,
            // A link compares two different protocols, or none.
            compare: compare.filter(|&c| c != protocol),
            step,
            lang,
            made_before_1_4,
        })
}

proptest! {
    #[test]
    fn encode_then_decode_is_the_identity(s in shared()) {
        prop_assert_eq!(decode(&encode(&s)), Ok(s));
    }

    #[test]
    fn any_text_is_decoded_or_refused(fragment in ".{0,300}") {
        let _ = decode(&fragment);
    }

    #[test]
    fn damaged_links_are_decoded_or_refused(s in shared(), cut in 0usize..400, flip in 0usize..400) {
        let f = encode(&s);
        let cut = cut.min(f.len());
        let _ = decode(&f[..cut]);
        let mut bytes = f.into_bytes();
        let i = flip % bytes.len();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let _ = decode(&String::from_utf8_lossy(&bytes));
    }
}

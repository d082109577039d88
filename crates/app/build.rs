//! The split page (`--features split`, Trunk's build) is cut into chunks after
//! it is linked (`split/wasm-bindgen`): its final link keeps the relocations
//! the cutting reads. Only the page's binary: the tests and the worker are
//! linked as before.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if split && wasm {
        println!("cargo:rustc-link-arg-bins=--emit-relocs");
    }
}

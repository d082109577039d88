//! `replab-prerender [DIR]`: fills the built site in DIR (by default Trunk's
//! staging directory, `$TRUNK_STAGING_DIR`) with the app's first frame in
//! every page and every figure's image twin. `$REPLAB_BASE_URL`, if set, is
//! the address the site is served from, for link previews and oEmbed.

use replab_publish::pages::{self, base_url, BASE_VAR};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: replab-prerender [DIR]   (DIR: the built site; by default $TRUNK_STAGING_DIR)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = match args.as_slice() {
        [] => match std::env::var("TRUNK_STAGING_DIR") {
            Ok(dir) => PathBuf::from(dir),
            Err(_) => return fail(&format!("no DIR and no $TRUNK_STAGING_DIR\n{USAGE}")),
        },
        [dir] if !dir.starts_with('-') => PathBuf::from(dir),
        _ => return fail(USAGE),
    };
    let written = base_url(std::env::var(BASE_VAR).ok()).and_then(|base| pages::prerender(&dir, &base));
    match written {
        Ok(w) => {
            eprintln!(
                "replab-prerender: {} pages, {} image twins and oEmbed answers, and {} language files in {}",
                w.pages,
                w.twins,
                w.languages,
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("replab-prerender: {message}");
    ExitCode::from(2)
}

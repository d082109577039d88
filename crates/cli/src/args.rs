//! A command's arguments, read one at a time: options with their values, and
//! the one scenario file (`-`: standard input) the checker's commands read.

pub(crate) struct Args<'a> {
    list: &'a [String],
    /// The index of the next argument to read.
    next: usize,
    file: Option<String>,
}

impl<'a> Args<'a> {
    pub(crate) fn new(list: &'a [String]) -> Args<'a> {
        Args {
            list,
            next: 0,
            file: None,
        }
    }

    /// The next argument, None after the last.
    pub(crate) fn next_arg(&mut self) -> Option<&'a str> {
        let arg = self.list.get(self.next)?;
        self.next += 1;
        Some(arg)
    }

    /// The value that follows `flag`.
    pub(crate) fn value(&mut self, flag: &str) -> Result<String, String> {
        self.next_arg()
            .map(str::to_string)
            .ok_or_else(|| format!("{flag} needs a value"))
    }

    /// An argument no option of the command took: the scenario file, once.
    pub(crate) fn other(&mut self, arg: &str) -> Result<(), String> {
        if arg.starts_with("--") {
            Err(format!("unknown option '{arg}'"))
        } else if self.file.is_some() {
            Err(format!("one scenario file, not '{arg}' too"))
        } else {
            self.file = Some(arg.to_string());
            Ok(())
        }
    }

    /// The scenario file, once every argument is read.
    pub(crate) fn file(self) -> Result<String, String> {
        self.file
            .ok_or_else(|| "a scenario file (or -) gives the setup".to_string())
    }
}

/// `text` as the whole number `flag` takes.
pub(crate) fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a whole number, not '{text}'"))
}

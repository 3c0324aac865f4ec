//! Writing to stdout without panicking: `println!` panics when the reader has gone away (a
//! pipe into `head`). Here a closed pipe ends the program quietly with success, and any other
//! write failure ends it with the usual one-line error and status 2.

use std::io::{ErrorKind, Write};

/// Writes formatted text to stdout (see the module documentation for failures). Nothing is
/// written once the command's work has been cut by `--work-limit`
/// ([`omnichess_core::work_limit::cut`]): a line computed after a search gave up could be
/// wrong, and the command ends with the one-line error instead.
pub fn write(args: std::fmt::Arguments<'_>) {
    if omnichess_core::work_limit::cut() {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(2);
    }
}

/// `print!` that never panics.
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// `println!` that never panics. The line and its end are one write under one lock, so
/// lines from two threads never interleave (UCI: the search thread's `info` beside the
/// reader's `readyok`).
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};

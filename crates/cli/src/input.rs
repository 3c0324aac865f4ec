//! Keyboard lines read on a thread of their own, so that the game loop can wait for a line
//! and keep a clock at the same time.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Lines from standard input, as they arrive.
pub struct Input {
    lines: Receiver<String>,
}

/// What waiting for a line gave.
pub enum Wait {
    /// A line (without its end of line).
    Line(String),
    /// The deadline passed first.
    TimedOut,
    /// Standard input has ended.
    Closed,
}

impl Input {
    /// Starts reading standard input.
    pub fn stdin() -> Input {
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Input { lines }
    }

    /// The next line, waiting until `deadline` at most (forever for `None`); `tick` is
    /// called about once a second while waiting for a deadline.
    pub fn next(&self, deadline: Option<Instant>, tick: &mut dyn FnMut(Duration)) -> Wait {
        let Some(deadline) = deadline else {
            return self.lines.recv().map_or(Wait::Closed, Wait::Line);
        };
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Wait::TimedOut;
            }
            tick(left);
            match self.lines.recv_timeout(left.min(Duration::from_secs(1))) {
                Ok(line) if Instant::now() <= deadline => return Wait::Line(line),
                Ok(_) => return Wait::TimedOut,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Wait::Closed,
            }
        }
    }
}

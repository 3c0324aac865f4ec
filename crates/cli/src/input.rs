//! Keyboard lines read on a thread of their own, so that the game loop can wait for a line
//! and keep a clock at the same time. When standard input is a terminal the lines are read
//! with rustyline (line editing, and the history of the game's lines on the arrow keys);
//! otherwise (a pipe, a file: scripts and tests) plain lines, the prompt written by the game.
//! A line that is not UTF-8 is reported as such, never taken for the end of input.

use std::io::{BufRead, IsTerminal};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use crate::output::out;

/// Lines from standard input, as they arrive.
pub struct Input {
    lines: Receiver<Read>,
    /// With a line editor: the prompts it is asked to show, one per line wanted.
    prompts: Option<Sender<String>>,
    /// A prompt was sent to the editor whose line has not been taken yet.
    asked: std::cell::Cell<bool>,
}

/// What the reading thread sends.
enum Read {
    Line(String),
    NotUtf8,
    Closed,
}

/// What waiting for a line gave.
pub enum Wait {
    /// A line (without its end of line).
    Line(String),
    /// A line that is not valid UTF-8 (it was dropped).
    NotUtf8,
    /// The deadline passed first.
    TimedOut,
    /// Standard input has ended (or the player pressed Ctrl-C or Ctrl-D at the editor).
    Closed,
}

impl Input {
    /// Starts reading standard input: with the line editor when it is a terminal.
    pub fn stdin() -> Input {
        if std::io::stdin().is_terminal()
            && let Ok(editor) = rustyline::DefaultEditor::new()
        {
            return Input::editor(editor);
        }
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut stdin = std::io::stdin().lock();
            loop {
                let mut bytes = Vec::new();
                let read = match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => Read::Closed,
                    Ok(_) => {
                        while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                            bytes.pop();
                        }
                        String::from_utf8(bytes).map_or(Read::NotUtf8, Read::Line)
                    }
                };
                let closed = matches!(read, Read::Closed);
                if send.send(read).is_err() || closed {
                    break;
                }
            }
        });
        Input {
            lines,
            prompts: None,
            asked: std::cell::Cell::new(false),
        }
    }

    fn editor(mut editor: rustyline::DefaultEditor) -> Input {
        let (send, lines) = channel();
        let (prompts, asks) = channel::<String>();
        std::thread::spawn(move || {
            for prompt in asks {
                let read = match editor.readline(&prompt) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        Read::Line(line)
                    }
                    Err(rustyline::error::ReadlineError::Io(e))
                        if e.kind() == std::io::ErrorKind::InvalidData =>
                    {
                        Read::NotUtf8
                    }
                    Err(_) => Read::Closed,
                };
                let closed = matches!(read, Read::Closed);
                if send.send(read).is_err() || closed {
                    break;
                }
            }
        });
        Input {
            lines,
            prompts: Some(prompts),
            asked: std::cell::Cell::new(false),
        }
    }

    /// Shows `prompt` and waits for the next line until `deadline` at most (forever for
    /// `None`); `tick` is called about once a second while waiting for a deadline.
    pub fn next(
        &self,
        prompt: &str,
        deadline: Option<Instant>,
        tick: &mut dyn FnMut(Duration),
    ) -> Wait {
        match &self.prompts {
            Some(prompts) if !self.asked.get() => {
                if prompts.send(prompt.to_owned()).is_err() {
                    return Wait::Closed;
                }
                self.asked.set(true);
            }
            Some(_) => {}
            None => out!("{prompt}"),
        }
        let read = match deadline {
            None => self.lines.recv().unwrap_or(Read::Closed),
            Some(deadline) => loop {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Wait::TimedOut;
                }
                tick(left);
                match self.lines.recv_timeout(left.min(Duration::from_secs(1))) {
                    Ok(_) if Instant::now() > deadline => {
                        self.asked.set(false);
                        return Wait::TimedOut;
                    }
                    Ok(read) => break read,
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break Read::Closed,
                }
            },
        };
        self.asked.set(false);
        match read {
            Read::Line(line) => Wait::Line(line),
            Read::NotUtf8 => Wait::NotUtf8,
            Read::Closed => Wait::Closed,
        }
    }
}

//! Undo and redo as a list of replacements, so a step costs what it changed, not a copy of the text (a 100,000
//! character field keeps a long history cheaply).

/// How many steps undo keeps; older ones are forgotten.
const MAX_STEPS: usize = 200;

/// One change: `removed` at `at` was replaced by `inserted`; the caret and anchor before and after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub at: usize,
    pub removed: String,
    pub inserted: String,
    pub before: (usize, usize),
    pub after: (usize, usize),
}

/// The steps to undo and to redo, and whether the last one is a typing run still open to more typing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct History {
    undo: Vec<Change>,
    redo: Vec<Change>,
    typing: bool,
}

impl History {
    /// Records a change. Typed text that goes on where the open typing run ended joins that run, so undo takes
    /// back a run of typing at once; any other change starts a step of its own.
    pub fn record(&mut self, step: Change, typed: bool) {
        self.redo.clear();
        if typed
            && self.typing
            && step.removed.is_empty()
            && let Some(last) = self.undo.last_mut()
            && last.at + last.inserted.len() == step.at
        {
            last.inserted.push_str(&step.inserted);
            last.after = step.after;
            return;
        }
        if self.undo.len() == MAX_STEPS {
            self.undo.remove(0);
        }
        self.undo.push(step);
        self.typing = typed;
    }

    /// Ends the open typing run (the caret moved, or something else happened): the next typing is a new step.
    pub fn close(&mut self) {
        self.typing = false;
    }

    /// The step to take back, moved to the redo list.
    pub fn undo(&mut self) -> Option<&Change> {
        self.typing = false;
        let step = self.undo.pop()?;
        self.redo.push(step);
        self.redo.last()
    }

    /// The step to do again, moved back to the undo list.
    pub fn redo(&mut self) -> Option<&Change> {
        self.typing = false;
        let step = self.redo.pop()?;
        self.undo.push(step);
        self.undo.last()
    }
}

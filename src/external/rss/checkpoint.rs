//! The checkpoint state of the RSS force: the warm start of the solve, the configuration of
//! the reused factor and what it has cost so far, so that a resumed run continues bit for bit.

use super::RegularizedStokeslets;
use super::refactor::FactorAge;
use crate::external::{ExternalForce, ExternalState};
use crate::model::Model;

impl RegularizedStokeslets {
    /// The warm start (`f` of the last two solves) and the configuration of the reused factor:
    /// with them a resumed run refines from the same guess with the same preconditioner.
    pub(super) fn checkpoint_state(&self) -> ExternalState {
        let s = &self.solver;
        ExternalState {
            force: self.name().into(),
            vectors: vec![
                ("f".into(), s.f.clone()),
                ("f_before".into(), s.f_before.clone()),
                ("factored_q".into(), s.factored_q.clone()),
                ("factor_age".into(), s.age.to_vec()),
            ],
        }
    }

    /// Restores what [`RegularizedStokeslets::checkpoint_state`] saved; the factor is recomputed
    /// from `A` at the saved configuration.
    pub(super) fn restore_checkpoint(
        &mut self,
        model: &Model,
        state: &ExternalState,
    ) -> Result<(), String> {
        let get = |name: &str| {
            state
                .vector(name)
                .map(<[f64]>::to_vec)
                .ok_or_else(|| format!("the RSS state has no `{name}`"))
        };
        let (f, f_before, factored_q) = (get("f")?, get("f_before")?, get("factored_q")?);
        self.solver.f = f;
        self.solver.f_before = f_before;
        self.solver.perm_fwd.clear();
        if !factored_q.is_empty() {
            if factored_q.len() != model.q.len() {
                return Err(format!(
                    "the RSS factor was saved for {} DOFs, the scene has {}",
                    factored_q.len(),
                    model.q.len()
                ));
            }
            let mut a = std::mem::take(&mut self.solver.a);
            let n = self
                .assemble(model, &factored_q, &mut a)
                .map_err(|e| e.to_string())?;
            self.solver.a = a;
            if self.solver.f.len() != n {
                return Err(format!(
                    "the RSS warm start has {} entries, the matrix order is {n}",
                    self.solver.f.len()
                ));
            }
            self.solver.factorise().map_err(|e| e.to_string())?;
            self.solver.factored_q = factored_q;
            // What the factor had cost when the run stopped (a checkpoint written before the
            // solve kept this count has none: the factor then counts as fresh).
            if let Some(age) = state.vector("factor_age") {
                self.solver.age = FactorAge::from_slice(age).ok_or_else(|| {
                    format!(
                        "the RSS state's `factor_age` has {} entries, not 3",
                        age.len()
                    )
                })?;
            }
        }
        Ok(())
    }
}

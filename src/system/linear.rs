//! Sparse LU solve with faer, reusing the symbolic factorisation while the pattern holds.

use super::{SolveError, SparsityPattern};
use faer::linalg::solvers::Solve;
use faer::sparse::SparseColMatRef;
use faer::sparse::linalg::solvers::{Lu, SymbolicLu};

/// A sparse LU solver that keeps the symbolic analysis of the last pattern.
#[derive(Default)]
pub struct SparseLu {
    symbolic: Option<(u64, usize, SymbolicLu<u32>)>,
    /// How many symbolic analyses were done (for reports and tests).
    pub symbolic_count: u64,
}

impl std::fmt::Debug for SparseLu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SparseLu")
            .field("symbolic_count", &self.symbolic_count)
            .finish()
    }
}

impl SparseLu {
    /// Solves `J x = rhs` in place, with `J` given by `pattern` and `values`.
    pub fn solve(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
        time: f64,
    ) -> Result<(), SolveError> {
        let key = (pattern.fingerprint, pattern.nnz());
        let fresh = !matches!(&self.symbolic, Some((f, n, _)) if (*f, *n) == key);
        if fresh {
            let sym =
                SymbolicLu::try_new(pattern.symbolic()).map_err(|e| SolveError::Factorisation {
                    reason: format!("{e:?}"),
                    time,
                })?;
            self.symbolic = Some((key.0, key.1, sym));
            self.symbolic_count += 1;
        }
        let sym = match &self.symbolic {
            Some((_, _, s)) => s.clone(),
            None => unreachable!("symbolic factorisation was just stored"),
        };
        let mat = SparseColMatRef::new(pattern.symbolic(), values);
        let lu = Lu::try_new_with_symbolic(sym, mat).map_err(|e| SolveError::Factorisation {
            reason: format!("{e:?}"),
            time,
        })?;
        lu.solve_in_place(faer::col::ColMut::from_slice_mut(rhs));
        Ok(())
    }
}

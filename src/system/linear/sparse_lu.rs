//! Sparse LU solve with faer, reusing the symbolic factorisation, the numeric storage and the
//! workspace while the pattern holds.
//!
//! The supernodal factorisation is always used. On the rod systems (near-banded, a DER stencil
//! couples a node with its two neighbours on each side, plus a few contact blocks) faer's
//! automatic choice picks the simplicial one, which measured 4× slower here: numeric LU took
//! 16 % of a flagella M = 2 run against 4 % supernodal, and the seven-rod bundle ran in 4.9 s
//! instead of 9.1 s (one thread). Systems of this size are factorised sequentially: the per-call
//! threading overhead exceeds the work, and results are the same bits for any thread count.

use crate::system::stages::{StageTimes, lap};
use crate::system::{SolveError, SparsityPattern};
use faer::Par;
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::SparseColMatRef;
use faer::sparse::linalg::SupernodalThreshold;
use faer::sparse::linalg::lu::{LuSymbolicParams, NumericLu, SymbolicLu, factorize_symbolic_lu};

/// A sparse LU solver that keeps the symbolic analysis of the last pattern.
#[derive(Default)]
pub struct SparseLu {
    symbolic: Option<(u64, usize, SymbolicLu<u32>)>,
    numeric: Option<NumericLu<u32, f64>>,
    workspace: Option<MemBuffer>,
    /// Right-hand sides the workspace was sized for.
    workspace_columns: usize,
    /// How many symbolic analyses were done (for reports and tests).
    pub symbolic_count: u64,
    /// Time spent factorising and solving since the simulator last took it.
    pub(in crate::system) stages: StageTimes,
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
        self.solve_columns(pattern, values, rhs, 1, time)
    }

    /// Solves `J X = B` in place for the `columns` right-hand sides of `rhs` (column-major,
    /// `n × columns`), factorising once.
    pub fn solve_columns(
        &mut self,
        pattern: &SparsityPattern,
        values: &[f64],
        rhs: &mut [f64],
        columns: usize,
        time: f64,
    ) -> Result<(), SolveError> {
        let mut clock = std::time::Instant::now();
        let failed = |reason: String| SolveError::Factorisation { reason, time };
        let key = (pattern.fingerprint, pattern.nnz());
        let fresh = !matches!(&self.symbolic, Some((f, n, _)) if (*f, *n) == key);
        let par = Par::Seq;
        if fresh || columns > self.workspace_columns {
            let params = LuSymbolicParams {
                supernodal_flop_ratio_threshold: SupernodalThreshold::FORCE_SUPERNODAL,
                ..Default::default()
            };
            let sym = factorize_symbolic_lu(pattern.symbolic(), params)
                .map_err(|e| failed(format!("{e:?}")))?;
            let need = sym
                .factorize_numeric_lu_scratch::<f64>(par, Default::default())
                .or(sym.solve_in_place_scratch::<f64>(columns.max(1), par));
            self.workspace =
                Some(MemBuffer::try_new(need).map_err(|_| failed("out of memory".into()))?);
            self.workspace_columns = columns.max(1);
            self.numeric = Some(NumericLu::new());
            self.symbolic = Some((key.0, key.1, sym));
            if fresh {
                self.symbolic_count += 1;
            }
        }
        let (Some((_, _, sym)), Some(numeric), Some(work)) =
            (&self.symbolic, &mut self.numeric, &mut self.workspace)
        else {
            unreachable!("the symbolic factorisation and its storage were just set");
        };
        let mat = SparseColMatRef::new(pattern.symbolic(), values);
        let stack = MemStack::new(work);
        let lu = sym
            .factorize_numeric_lu(numeric, mat, par, stack, Default::default())
            .map_err(|e| failed(format!("{e:?}")))?;
        self.stages.factor += lap(&mut clock);
        let n = rhs.len() / columns.max(1);
        let rhs = faer::MatMut::from_column_major_slice_mut(rhs, n, columns);
        lu.solve_in_place_with_conj(faer::Conj::No, rhs, par, stack);
        self.stages.solve += lap(&mut clock);
        Ok(())
    }
}

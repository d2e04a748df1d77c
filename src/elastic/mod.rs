//! Internal elastic energies of Discrete Elastic Rods.

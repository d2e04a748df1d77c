// The guide is docs/writing_an_element.md (readable on its own); its example is
// examples/viscoelastic/, which CI compiles, tests and runs.
#![doc = include_str!("../docs/writing_an_element.md")]

// The guide is src/guide.md (readable on its own); its example is
// examples/viscoelastic/, which CI compiles, tests and runs.
#![doc = include_str!("guide.md")]

// Nothing to compile: the target exists for include/module.modulemap (UIKit's submodule
// names), and SwiftPM wants a source file in a C target.
void flipbook_uikit_submodules(void) {}

"""Speed: the input a pair's speed is measured on, found once per original (``speed_input``), and
how it is measured: interleaved wall-clock rounds (``timing``) or instruction counts under
Valgrind (``counts``, ``timing.count_rounds``). The labels' statistics are shared with the CUDA
verifier (``semforge.verifiers.speed``)."""

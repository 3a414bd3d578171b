// rill-bench: measures Rill's streaming cost against its one-shot floor. (Being written.)
print("rill-bench")

"""Writes a program nested N deep: `regions N` nests stablehlo.if ops, each
returning its predicate; `types N` nests tuple types in an argument type."""
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
if kind == "types":
    print("func.func @main(%a: " + "tuple<" * depth + "tensor<f32>" + ">" * depth + ") {")
    print("  return")
    print("}")
else:
    print("func.func @main() -> tensor<i1> {")
    print("  %c = stablehlo.constant dense<true> : tensor<i1>")
    for _ in range(depth):
        print('  %r = "stablehlo.if"(%c) ({')
    print("  stablehlo.return %c : tensor<i1>")
    for _ in range(depth - 1):
        print("  }, {")
        print("  stablehlo.return %c : tensor<i1>")
        print("  }) : (tensor<i1>) -> tensor<i1>")
        print("  stablehlo.return %r : tensor<i1>")
    print("  }, {")
    print("  stablehlo.return %c : tensor<i1>")
    print("  }) : (tensor<i1>) -> tensor<i1>")
    print("  return %r : tensor<i1>")
    print("}")

//===- RuntimeValue.h - What an SSA value holds while interpreting --------===//
#ifndef OXLA_INTERPRETER_RUNTIMEVALUE_H
#define OXLA_INTERPRETER_RUNTIMEVALUE_H

#include "interpreter/Tensor.h"

#include <memory>
#include <variant>
#include <vector>

namespace oxla::interp {

/// Spec "token": carries no data; orders side effects.
struct Token {};

class RuntimeValue;
/// Spec "tuple": an immutable list of values.
using Tuple = std::shared_ptr<const std::vector<RuntimeValue>>;

class RuntimeValue {
public:
  RuntimeValue() = default;
  RuntimeValue(Tensor tensor) : value_(std::move(tensor)) {}
  RuntimeValue(Token token) : value_(token) {}
  RuntimeValue(Tuple tuple) : value_(std::move(tuple)) {}

  bool isTensor() const { return std::holds_alternative<Tensor>(value_); }
  bool isToken() const { return std::holds_alternative<Token>(value_); }
  bool isTuple() const { return std::holds_alternative<Tuple>(value_); }

  const Tensor &tensor() const { return std::get<Tensor>(value_); }
  const Tuple &tuple() const { return std::get<Tuple>(value_); }

private:
  std::variant<Tensor, Token, Tuple> value_;
};

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_RUNTIMEVALUE_H

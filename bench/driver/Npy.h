//===- Npy.h - Minimal .npy reading and writing for the benchmarks --------===//
//
// The benchmark drivers exchange inputs and outputs with bench/run.py as .npy
// files (format 1.0/2.0/3.0, little-endian, C order). Only the element types
// the workloads use are accepted: f32, f64, i32, i64.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_BENCH_NPY_H
#define OXLA_BENCH_NPY_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace npy {

struct Array {
  std::string descr; // "<f4", "<f8", "<i4", "<i8"
  std::vector<int64_t> shape;
  std::vector<char> data;

  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  size_t elementSize() const { return descr.empty() ? 0 : descr[2] - '0'; }
};

inline std::string headerValue(const std::string &header,
                               const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    throw std::runtime_error("npy header lacks '" + key + "': " + header);
  at = header.find(':', at);
  size_t end = at + 1;
  while (end < header.size() && header[end] == ' ')
    ++end;
  size_t stop;
  if (header[end] == '(')
    stop = header.find(')', end) + 1;
  else if (header[end] == '\'')
    stop = header.find('\'', end + 1) + 1;
  else
    stop = header.find_first_of(",}", end);
  return header.substr(end, stop - end);
}

inline Array read(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + path);
  char magic[8];
  in.read(magic, 8);
  if (!in || std::memcmp(magic, "\x93NUMPY", 6) != 0)
    throw std::runtime_error(path + " is not a .npy file");
  uint32_t headerLen = 0;
  if (magic[6] == 1) {
    unsigned char len[2];
    in.read(reinterpret_cast<char *>(len), 2);
    headerLen = len[0] | (len[1] << 8);
  } else {
    unsigned char len[4];
    in.read(reinterpret_cast<char *>(len), 4);
    headerLen =
        len[0] | (len[1] << 8) | (len[2] << 16) | (uint32_t(len[3]) << 24);
  }
  std::string header(headerLen, '\0');
  in.read(header.data(), headerLen);
  Array a;
  a.descr = headerValue(header, "descr");
  a.descr = a.descr.substr(1, a.descr.size() - 2);
  if (a.descr != "<f4" && a.descr != "<f8" && a.descr != "<i4" &&
      a.descr != "<i8")
    throw std::runtime_error(path + ": unsupported dtype " + a.descr +
                             " (want little-endian f32, f64, i32 or i64)");
  if (headerValue(header, "fortran_order") != "False")
    throw std::runtime_error(path + ": Fortran order is not supported");
  std::string shape = headerValue(header, "shape");
  std::stringstream ss(shape.substr(1, shape.size() - 2));
  std::string item;
  while (std::getline(ss, item, ','))
    if (item.find_first_not_of(' ') != std::string::npos)
      a.shape.push_back(std::stoll(item));
  a.data.resize(a.numElements() * a.elementSize());
  in.read(a.data.data(), a.data.size());
  if (!in)
    throw std::runtime_error(path + ": file shorter than its header says");
  return a;
}

inline void write(const std::string &path, const std::string &descr,
                  const std::vector<int64_t> &shape, const void *data,
                  size_t bytes) {
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + ",";
  if (shape.size() > 1)
    dims.pop_back();
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  // The data starts at a multiple of 64 bytes; the header ends with a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::ofstream out(path, std::ios::binary);
  if (!out)
    throw std::runtime_error("cannot write " + path);
  out.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = header.size();
  char lenBytes[2] = {char(len & 0xff), char(len >> 8)};
  out.write(lenBytes, 2);
  out.write(header.data(), header.size());
  out.write(static_cast<const char *>(data), bytes);
}

} // namespace npy

#endif // OXLA_BENCH_NPY_H

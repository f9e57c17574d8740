/* Runs an AOT module through the C API, linked against liboxla_runtime only:
 *
 *   oxla-compile examples/c/saxpy.mlir -o saxpy.so
 *   cc run_saxpy.c -Iruntime/include -Lbuild/lib -loxla_runtime -o run_saxpy
 *   ./run_saxpy saxpy.so
 *
 * Exits 0 when the result is 2 * x + y, 1 otherwise. */
#include <oxla/runtime.h>

#include <stdio.h>

static int failed(oxla_status *status, const char *what) {
  if (!status)
    return 0;
  fprintf(stderr, "%s: %s\n", what, oxla_status_get_message(status));
  oxla_status_free(status);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODULE.so\n", argv[0]);
    return 2;
  }
  oxla_client *client = NULL;
  oxla_executable *executable = NULL;
  oxla_function *function = NULL;
  oxla_buffer *arguments[3] = {NULL, NULL, NULL}, *result = NULL;
  int code = 1;

  if (failed(oxla_client_create(NULL, &client), "client") ||
      failed(oxla_executable_load(client, argv[1], &executable), "load") ||
      failed(oxla_executable_lookup(executable, "main", &function), "lookup"))
    goto done;
  printf("@main %s\n", oxla_function_signature(function));

  const float a = 2.0f, x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40};
  const int64_t dims[1] = {4};
  if (failed(oxla_buffer_create(client, OXLA_F32, NULL, 0, &a, sizeof a, &arguments[0]),
             "a") ||
      failed(oxla_buffer_create(client, OXLA_F32, dims, 1, x, sizeof x, &arguments[1]),
             "x") ||
      failed(oxla_buffer_create(client, OXLA_F32, dims, 1, y, sizeof y, &arguments[2]),
             "y") ||
      failed(oxla_function_invoke(function, arguments, 3, NULL, &result, 1), "invoke"))
    goto done;

  float out[4];
  if (failed(oxla_buffer_export(result, out, sizeof out), "export"))
    goto done;
  code = 0;
  for (int i = 0; i < 4; ++i) {
    printf("%g%s", out[i], i < 3 ? " " : "\n");
    if (out[i] != a * x[i] + y[i])
      code = 1;
  }
  if (code)
    fprintf(stderr, "wrong result\n");

done:
  oxla_buffer_free(result);
  for (int i = 0; i < 3; ++i)
    oxla_buffer_free(arguments[i]);
  oxla_executable_free(executable);
  oxla_client_free(client);
  return code;
}

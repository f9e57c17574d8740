# Sourced by bootstrap.sh and bootstrap-bench.sh:
#   apt_install_missing TAG PACKAGE...
# installs those of the Debian packages that are not installed yet (as root, or with
# sudo), and does nothing when all are.
apt_install_missing() {
  local tag=$1
  shift
  local missing=() status p
  for p in "$@"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ "$status" = installed ] || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$tag: installing ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

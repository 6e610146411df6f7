#ifndef YADG_CSODIUM_SHIM_H
#define YADG_CSODIUM_SHIM_H
// libsodium's sizes and limits are reached through its own functions (crypto_box_sealbytes(),
// crypto_pwhash_opslimit_interactive(), …): its macros name other macros, which Swift cannot import.
#include <sodium.h>
#endif

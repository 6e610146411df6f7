#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "CPseudoTerminal.h"

int yadg_open_pty(char *name, int rows, int cols) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) { close(master); return -1; }
    const char *slave = ptsname(master);
    if (!slave) { close(master); return -1; }
    strncpy(name, slave, 127);
    name[127] = 0;
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
    ioctl(master, TIOCSWINSZ, &size);
    return master;
}

int yadg_resize_pty(int master, int rows, int cols) {
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
    return ioctl(master, TIOCSWINSZ, &size);
}

# Runs a command in a pseudo-terminal (140x50), the way a person's terminal runs the interactive
# `claude`: python3 pty-drive.py <seconds> <cmd...>. It writes everything the terminal showed,
# ANSI stripped, to $OUT, types whatever is appended to $KEYS (the person's key presses), and
# stops when $STOP exists or after <seconds>, killing the command.
import os, pty, sys, time, select, re, fcntl, termios, struct, signal

secs = float(sys.argv[1]); cmd = sys.argv[2:]
stop = os.environ.get('STOP', '')
keys = os.environ.get('KEYS', ''); typed = 0
pid, fd = pty.fork()
if pid == 0:
    os.execvpe(cmd[0], cmd, os.environ)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', 50, 140, 0, 0))
out = b''; start = time.time()

def save():
    text = out.decode('utf8', 'replace')
    text = re.sub(r'\x1b\[[0-9;?]*[ -/]*[@-~]', ' ', text)
    text = re.sub(r'\x1b\][^\x07]*\x07', '', text)
    text = re.sub(r'\x1b[()][A-Z0-9]', '', text)
    text = re.sub(r'[ \t]+', ' ', text)
    open(os.environ['OUT'], 'w').write(text)

def type_keys():
    global typed
    if not keys or not os.path.exists(keys): return
    pressed = open(keys, 'rb').read()
    if len(pressed) > typed:
        os.write(fd, pressed[typed:]); typed = len(pressed)

while time.time() - start < secs and not (stop and os.path.exists(stop)):
    type_keys()
    r, _, _ = select.select([fd], [], [], 0.1)
    if fd in r:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data: break
        out += data
        save()
try: os.kill(pid, signal.SIGKILL)
except OSError: pass
save()

# Experiment only (training/refine4): rewrites a weight file of feature set v3 as v4, the start-stack threat input of each side added with zero weights, so the net computes exactly what it did.
import struct, sys
FS3=138
NEW='plakoto-features-v4: 24x(1,2,3,(n-3)/4,pinned) + 19 globals (shots as rolls/36; escapes, contact, lone pinners, trapped, start-stack threat), own then opponent'
def fnv(b):
    h=0xcbf29ce484222325
    for x in b:
        h^=x; h=(h*0x100000001b3)&0xFFFFFFFFFFFFFFFF
    return h
src,dst=sys.argv[1:]
b=open(src,'rb').read()
ver,inp,hid,outp=struct.unpack('<4I',b[8:24])
assert inp==276
body=b[32:-8]
row=4*hid
w1=body[:inp*row]; rest=body[inp*row:]
zero=b'\0'*row
nw1=w1[:FS3*row]+zero+w1[FS3*row:]+zero
head=b[:8]+struct.pack('<4I',ver,278,hid,outp)+struct.pack('<Q',fnv(NEW.encode()))
out=head+nw1+rest
out+=struct.pack('<Q',fnv(out))
open(dst,'wb').write(out)

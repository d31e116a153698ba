package dev.tvmbind.it;

/** Constants a library's interface may well declare, named like what bindings call. */
public interface HostileNames {
    int java = 1;
    int dev = 2;
    int com = 3;
    int ValueLayout = 4;
    int MemorySegment = 5;
    int BindingSupport = 6;
    int Linking = 7;
    int Linkage = 8;
    int Arguments = 9;
    int ArrayCopies = 10;
    int TensorArgument = 11;
    int TvmFunction = 12;
    int MethodHandles = 13;
    int Objects = 14;
    int Scratch = 15;
    int Foreign = 16;
    int FunctionDescriptor = 17;
    int Linker = 18;
}

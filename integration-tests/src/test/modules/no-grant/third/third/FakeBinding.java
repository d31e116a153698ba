package third;

import dev.tvmbind.DType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.internal.Bindings;
import dev.tvmbind.runtime.internal.Descriptions;
import dev.tvmbind.runtime.internal.TensorArgument;
import java.lang.invoke.MethodHandles;

/** Registers, as its class initialises, {@link Fake}: 1-byte tensors, a borrowed provider. */
public final class FakeBinding {
    private FakeBinding() {}

    static final ModelInfo INFO = Descriptions.model(Fake.class, "tvmgen", "doubler")
            .entryPoints(Descriptions.run("run", "run(byte[], byte[])"))
            .tensors(TensorArgument.of(Descriptions.input("x", "x", "byte[]").dtype(DType.INT8)
                            .bytes(1).build()),
                    TensorArgument.of(Descriptions.output("y", "y", "byte[]").dtype(DType.INT8)
                            .bytes(1).build()))
            .build();

    static final int REGISTERED = Bindings.register(MethodHandles.lookup(), Fake.class,
            new Bindings.Binding<>(INFO, Grants.borrowed(), lookup -> null, path -> null,
                    copies -> null));
}
